"""Peaky Blinders as players read and see it: the text, the picture, the view in words and the board ids a click acts on
(registered under ``boardcore.presentation``; the rules in ``game`` import none of it)."""

from __future__ import annotations

from boardcore.presentation import Presentation

from . import targets
from .svg import picture
from .text import action_text, event_text, label_text, summary_text
from .view_text import view_text

__all__ = ["PRESENTATION"]

PRESENTATION = Presentation(
    event_text=event_text,
    action_text=action_text,
    label_text=label_text,
    summary_text=summary_text,
    view_text=view_text,
    picture=picture,
    targets=targets.targets,
)
