"""An entry's stage, run or lap times as the API gives them: the parse contract's `splits`.

Each split as the sheet gave it (`name`, `order`, `time_ms`, `penalty_ms`, `status`) and
whether it counts in the total (`counted`, null where the sheet does not let it be known);
`splits` is null for an entry whose sheet gave none, as in the contract.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from results.api.entries import EntrySerializer
from results.models import Entry


class SplitSerializer(serializers.Serializer):
    """Declares the shape (for the schema); `splits_of` writes the values."""

    name = serializers.CharField(help_text="The stage or run as the sheet names it (ES1).")
    order = serializers.IntegerField(help_text="Its place among the entry's splits, from 1.")
    time_ms = serializers.IntegerField(allow_null=True)
    penalty_ms = serializers.IntegerField(allow_null=True)
    status = serializers.ChoiceField(
        choices=("finished", "retired", "dns", "dsq"),
        allow_null=True,
        help_text="finished, retired (not finished), dns (not started), dsq; null: empty cell.",
    )
    counted = serializers.BooleanField(
        allow_null=True, help_text="Whether it counts in the total (null: not known)."
    )


class StagedEntrySerializer(EntrySerializer):
    """A classification's entry: the entry's fields, then its `splits`."""

    splits = SplitSerializer(many=True, allow_null=True, help_text="Stage, run or lap times.")

    def to_representation(self, entry: Entry) -> dict[str, Any]:
        row = super().to_representation(entry)
        row["splits"] = splits_of(entry)
        return row


def splits_of(entry: Entry) -> list[dict[str, Any]] | None:
    """The entry's prefetched splits (`Entry.objects.for_api`), by order; None without any."""
    splits = entry.stage_times
    if not splits:
        return None
    return [
        {
            "name": split.name,
            "order": split.order,
            "time_ms": split.time_ms,
            "penalty_ms": split.penalty_ms,
            "status": split.status or None,
            "counted": split.counted,
        }
        for split in splits
    ]
