"""The replay viewer: a whole match as one self-contained HTML file, and what changed between two steps in words."""

from boardcore.viewer.build import ReplayData, replay_data, replay_html
from boardcore.viewer.diff import Change, diff_text, diff_views

__all__ = ["Change", "ReplayData", "diff_text", "diff_views", "replay_data", "replay_html"]
