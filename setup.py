"""Build of the optional compiled fast paths of NBT: binary NBT (harness/formats/nbt/_fast_binary.c)
and the SNBT text of arrays (harness/formats/nbt/_array_text.c).

Everything else is in pyproject.toml. The extensions are ``optional``: where no C compiler or
Python headers are present the build warns and the package installs without them, and the
pure-Python reader, writer and printer do the same work (harness.formats.nbt.fast_binary).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension(f"harness.formats.nbt.{name}", [f"harness/formats/nbt/{name}.c"], optional=True)
                   for name in ("_fast_binary", "_array_text")])
