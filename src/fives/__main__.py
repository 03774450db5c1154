import sys

from fives.cli.main import main

sys.exit(main())
