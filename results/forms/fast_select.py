"""A `<select>` written in Python: the same markup as Django's, without a template per option.

Django renders a select through a template, and each of its options through another: the
events list's filters offer every season and every championship (hundreds of options), and
rendering them cost more than every query of the page together.
"""

from __future__ import annotations

from html import escape
from typing import Any

from django import forms
from django.utils.safestring import SafeString, mark_safe


def _attrs(attrs: dict[str, Any]) -> str:
    """As Django's `attrs.html`: `True` a bare name, `False` left out."""
    parts = []
    for name, value in attrs.items():
        if value is False or value is None:
            continue
        parts.append(
            f" {escape(name)}" if value is True else f' {escape(name)}="{escape(str(value))}"'
        )
    return "".join(parts)


class FastSelect(forms.Select):
    """`forms.Select`, its markup written directly (see the module)."""

    def render(
        self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None
    ) -> SafeString:
        widget = self.get_context(name, value, attrs)["widget"]
        out = [f'<select name="{escape(widget["name"])}"{_attrs(widget["attrs"])}>']
        for group_name, options, _index in widget["optgroups"]:
            if group_name:
                out.append(f'\n  <optgroup label="{escape(str(group_name))}">')
            for option in options:
                out.append(
                    f'\n  <option value="{escape(str(option["value"]))}"'
                    f"{_attrs(option['attrs'])}>{escape(str(option['label']))}</option>"
                )
            if group_name:
                out.append("\n  </optgroup>")
        out.append("\n</select>")
        # Safe: every value above went through escape().
        return mark_safe("".join(out))
