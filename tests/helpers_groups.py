"""``xdist_group`` marks shared by modules of different folders.

:data:`EVERY_RELEASE`: the modules that read every bundled release's reference whole (and the
generated case files), on one pytest-xdist worker: its store (:mod:`harness.engine.reference_store`)
keeps what the first of them parsed and checked, so the others read it from memory instead of
every worker parsing all 27 releases again.
"""

import pytest

EVERY_RELEASE = pytest.mark.xdist_group("every-release")
