"""``python -m kit``: see :mod:`kit.cli`."""

from kit.cli import main

raise SystemExit(main())
