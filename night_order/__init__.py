"""Night orders: a night's sheet from a script's order, and a walker that yields one prompt at a
time. Knows nothing of any particular script: behaviour plugs in by step id."""

from night_order.prompt import AnswerKind, IllegalAnswer, Prompt
from night_order.sheet import Mark, SheetEntry, StepStatus, build_sheet, position
from night_order.walker import NightRules, StepRun, Walker, walk

__all__ = [
    "AnswerKind",
    "IllegalAnswer",
    "Mark",
    "NightRules",
    "Prompt",
    "SheetEntry",
    "StepRun",
    "StepStatus",
    "Walker",
    "build_sheet",
    "position",
    "walk",
]
