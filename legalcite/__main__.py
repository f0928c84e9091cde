from legalcite.cli import main

raise SystemExit(main())
