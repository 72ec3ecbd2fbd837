"""Stage tables as a pure function: entries and their splits in, stage rankings out.

Pure Python like `results.parsing` and `results.standings`: no Django, so the arithmetic is
tested on worked examples without a database. The views load rows, call `stage_table`, render.
"""

from results.stages.compute import (
    Crew,
    CrewStage,
    RunTime,
    Stage,
    StageTable,
    class_table,
    stage_table,
)

__all__ = ["Crew", "CrewStage", "RunTime", "Stage", "StageTable", "class_table", "stage_table"]
