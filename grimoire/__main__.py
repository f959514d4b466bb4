from grimoire.cli import main

raise SystemExit(main())
