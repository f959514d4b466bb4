"""``grimoire scenario run FILE...``: one line per failed expectation, then a summary."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from grimoire.console import echo
from grimoire.core.freetext import printable_json
from grimoire.scenario.run import run_file


def run_scenarios(files: list[str], as_json: bool = False, save_dir: str | None = None) -> int:
    passed = failed = 0
    for path in files:
        outcome = run_file(path)
        if save_dir is not None and outcome.game is not None:
            from grimoire.store.lock import GameInUse
            from grimoire.store.saves import SaveError, save_game_unheld

            target = Path(save_dir) / (Path(path).stem + ".toml")
            try:
                Path(save_dir).mkdir(parents=True, exist_ok=True)
                save_game_unheld(outcome.game, target)
            except GameInUse as exc:
                outcome.failures.append(f"--save-dir: not written: {target} is a game open in a window "
                                        f"({exc.holder.describe()})")
            except (SaveError, OSError) as exc:
                outcome.failures.append(f"--save-dir: cannot write {target}: {exc}")
        if as_json:
            echo(printable_json(json.dumps(outcome.to_json(), ensure_ascii=False)))
        else:
            for failure in outcome.failures:
                echo(f"{path}: {failure}")
        if outcome.passed:
            passed += 1
        else:
            failed += 1
    if not as_json:
        echo(f"{passed} passed, {failed} failed")
    sys.stdout.flush()
    return 0 if failed == 0 else 1
