"""The `fives` command line: one module per subcommand, dispatched by `fives.cli.main`."""
