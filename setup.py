"""Build of the optional compiled fast paths: binary NBT (harness/formats/nbt/_fast_binary.c), the
SNBT text of arrays (harness/formats/nbt/_array_text.c), PalettedContainer.set_at's quick path
(harness/formats/palette/_quick_set.c), many VarInts at once (harness/formats/_varint.c) and a
storage's longs big-endian (harness/formats/storage/_long_bytes.c).

Everything else is in pyproject.toml. The extensions are ``optional``: where no C compiler or
Python headers are present the build warns and the package installs without them, and the
pure-Python code does the same work (harness.formats.nbt.fast_binary, harness.formats.palette.quick_set,
harness.formats.varint, harness.formats.storage.long_bytes).
"""

from setuptools import Extension, setup

FAST_PATHS = ("harness/formats/nbt/_fast_binary.c", "harness/formats/nbt/_array_text.c",
              "harness/formats/palette/_quick_set.c", "harness/formats/_varint.c",
              "harness/formats/storage/_long_bytes.c")

HEADERS = ("harness/formats/_small_int.h", "harness/formats/_one_function_module.h")  # the C files' shared headers

setup(ext_modules=[Extension(path[:-2].replace("/", "."), [path],
                             depends=list(HEADERS),  # a change to one rebuilds all five (small files)
                             optional=True) for path in FAST_PATHS])
