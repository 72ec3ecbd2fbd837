"""The positions chart: one line per crew, leaders marked, labelled, no script or style."""

import xml.etree.ElementTree as ET

from results.stages import stage_table
from results.stages.chart import SHOWN, position_chart
from tests.stages.test_compute import CREWS, RALLY, crew, runs

NS = {"svg": "http://www.w3.org/2000/svg"}


def chart(crews=CREWS, splits=RALLY):
    svg = position_chart(stage_table(crews, splits), title="Positions <après> ES", description="d")
    return svg, ET.fromstring(svg)


def test_one_line_per_crew_through_its_positions():
    _svg, root = chart()
    groups = root.findall("svg:g[@class]", NS)
    crews = [g for g in groups if "chart-crew" in g.get("class")]
    assert len(crews) == 4
    titles = {g.find("svg:title", NS).text for g in crews}
    assert "DURAND: ES1 2, ES2 1, ES3 2" in titles
    # BLANC retired on ES2: a dot for ES1, no line.
    blanc = next(g for g in crews if g.find("svg:title", NS).text.startswith("BLANC"))
    assert blanc.find("svg:polyline", NS) is None and blanc.find("svg:circle", NS) is not None


def test_the_leaders_are_marked_and_drawn_on_top():
    _, root = chart()
    crews = [g for g in root.findall("svg:g", NS) if "chart-crew" in g.get("class")]
    assert crews[-1].get("class") == "chart-crew chart-lead chart-lead-1"
    assert crews[-1].find("svg:title", NS).text.startswith("MARTIN")
    assert sum("chart-lead " in g.get("class") for g in crews) == 3


def test_it_is_labelled_for_screen_readers_and_escapes_text():
    svg, root = chart()
    assert root.get("role") == "img"
    assert root.find("svg:title", NS).text == "Positions <après> ES"
    assert "&lt;après&gt;" in svg


def test_no_script_and_no_style_attribute():
    svg, root = chart()
    assert (
        "<script" not in svg
        and "style=" not in svg
        and "on" not in {a[:2] for el in root.iter() for a in el.attrib}
    )


def test_a_single_stage_draws_nothing():
    assert position_chart(stage_table(CREWS, {1: runs(1000)}), title="t", description="d") == ""


def test_a_big_field_draws_only_the_leading_crews():
    many = [crew(i, f"C{i}", None, i) for i in range(1, 41)]
    splits = {i: runs(1000 * i, 1000 * i) for i in range(1, 41)}
    _, root = chart(many, splits)
    assert len([g for g in root.findall("svg:g", NS) if "chart-crew" in g.get("class")]) == SHOWN
