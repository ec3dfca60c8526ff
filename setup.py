"""Build of the optional compiled fast path of binary NBT (harness/formats/nbt/_fast_binary.c).

Everything else is in pyproject.toml. The extension is ``optional``: where no C compiler or
Python headers are present the build warns and the package installs without it, and the
pure-Python reader and writer do the same work (harness.formats.nbt.fast_binary).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("harness.formats.nbt._fast_binary", ["harness/formats/nbt/_fast_binary.c"],
                             optional=True)])
