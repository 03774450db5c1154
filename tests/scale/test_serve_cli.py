"""`fives serve` options of the shared mode: bad values get a clear error and start nothing."""

from __future__ import annotations

import pytest

from fives.cli.main import main


@pytest.mark.parametrize(("argv", "named"), [
    (["--workers", "2"], "missing --database"),
    (["--database", "postgresql://127.0.0.1/x"], "missing --redis"),
    (["--database", "sqlite:///x.db", "--redis", "redis://127.0.0.1"], "sqlite:///x.db"),
    (["--database", "postgresql://127.0.0.1/x", "--redis", "http://127.0.0.1"],
     "expected redis://"),
    (["--database", "postgresql://u:secret@127.0.0.1:1/x", "--redis", "redis://127.0.0.1"],
     "cannot use the database 'postgresql://127.0.0.1:1/x'"),
    (["--database", "postgresql://127.0.0.1/x", "--redis", "redis://127.0.0.1",
      "--workers", "0"], "invalid --workers 0"),
    (["--database", "postgresql://127.0.0.1/x", "--redis", "redis://127.0.0.1",
      "--lease", "0.1"], "invalid --lease 0.1"),
])
def test_bad_shared_options_are_named(argv: list[str], named: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "0", *argv]) == 2
    err = capsys.readouterr().err
    assert named in err
    assert "Traceback" not in err and "secret" not in err
