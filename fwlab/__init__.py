"""fwlab: a card-analytics workbench for Fallen Worlds Online and four related games."""

from . import native as _native

__version__ = "0.1.0"

# the compiled rules core, when a build for the current sources exists (see fwlab/native/)
_native.enable()

# rulesets added by plugins named in $FWLAB_PLUGINS (see fwlab/rulesets.py)
from .rulesets import load_plugins as _load_plugins  # noqa: E402

_load_plugins()
