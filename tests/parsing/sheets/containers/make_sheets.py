#!/usr/bin/env python3
"""Generate the container-sheets fixtures for Podium and their .expected.json.

Needs (pip install --target /tmp/x ...; then PYTHONPATH=/tmp/x python3 make_sheets.py):
    openpyxl==3.1.5   (workbook.xlsx)
    xlwt==1.3.0       (workbook.xls)
    odfpy==1.4.1      (workbook.ods)
    reportlab==5.1.0  (report.pdf)
and the system tools: pdftotext (poppler-utils) to locate PDF lines,
DejaVu fonts in /usr/share/fonts/truetype/dejavu.

All names are invented.  Everything is deterministic (fixed seeds).
Run from any directory; files are written next to this script.
"""
import csv
import datetime
import io
import json
import os
import random
import subprocess

OUT = os.path.dirname(os.path.abspath(__file__))

FIELDS = ["line", "page", "category", "position", "number", "crew", "car",
          "group", "class", "club", "time_ms", "gap_ms", "status", "laps",
          "best_lap_ms", "speed_kmh", "table"]

# --------------------------------------------------------------------------
# invented people
SURNAMES = ["MOREAU", "LEFEBVRE", "GIRARD", "BONNET", "FAURE", "ROUSSEL",
            "MERCIER", "BLANCHARD", "GUÉRIN", "BOYER", "GARNIER", "CHEVALIER",
            "LEGRAND", "GAUTHIER", "PERRIN", "ROBIN", "CLÉMENT", "MOREL",
            "FOURNIER", "DUMONT", "LAMBERT", "FONTAINE", "ROUX", "VINCENT",
            "LE GALL", "MARCHAND", "DUFOUR", "BLANC", "GUILLOT", "MEUNIER",
            "BRUN", "BARBIER", "ARNAUD", "GIRAUD", "ROCHE", "RENARD",
            "SCHMITT", "COLIN", "VIDAL", "CARON", "PICARD", "HUET", "LEMOINE",
            "DESCHAMPS", "BERTIN", "COLLET", "PRÉVOST", "DA SILVA", "TESSIER",
            "POIRIER", "CHARPENTIER", "BENOÎT", "LEROUX", "MAILLARD",
            "RIVIÈRE", "JOLY", "BESNARD", "CORDIER", "HAMON", "PASQUIER",
            "LAUNAY", "BOUCHET", "GRONDIN", "VALLÉE", "DELMAS", "RIBEIRO",
            "TRAN", "LOPEZ", "WEBER", "KLEIN", "HOARAU", "BOUVIER"]
FIRSTS = ["Julien", "Nicolas", "Sébastien", "Hélène", "Maxime", "Jean-Marc",
          "Aurélie", "Thomas", "Camille", "Loïc", "Mathieu", "Céline",
          "Romain", "Élodie", "Pierre-Yves", "Damien", "Florian", "Margaux",
          "Yann", "Cédric", "Anthony", "Laure", "Kévin", "Gaëlle", "Bastien",
          "Jérôme", "Sandrine", "Quentin", "Amandine", "Rémi", "Émilie",
          "Guillaume", "Stéphane", "Manon", "Benoît", "Clément", "Noémie",
          "Frédéric", "Océane", "Jean-Luc"]

EN_SURNAMES = ["Hartley", "Pemberton", "Ashcroft", "Whitfield", "Dobson",
               "Kershaw", "Lowther", "Fenwick", "Marston", "Blackwood",
               "Thornley", "Gribble", "Haworth", "Oakley", "Prentice",
               "Rudd", "Sowerby", "Tillotson", "Ventham", "Yardley",
               "McAllister", "O'Hare", "Cartwright", "Ellery"]
EN_FIRSTS = ["Tom", "Sarah", "Gareth", "Fiona", "Rob", "Neil", "Kirsty",
             "Dave", "Alistair", "Megan", "Craig", "Hannah", "Ian", "Lucy",
             "Martin", "Emma", "Stuart", "Rachel", "Owen", "Gemma"]

_used = set()


def person(rng, english=False):
    while True:
        if english:
            p = (rng.choice(EN_SURNAMES), rng.choice(EN_FIRSTS))
        else:
            p = (rng.choice(SURNAMES), rng.choice(FIRSTS))
        if p[0] not in {s for s, _ in _used}:
            _used.add(p)
            return p


def crew_json(people):
    out = []
    for s, f in people:
        out.append({"surname": s.upper(), "first_name": f})
    return out


# --------------------------------------------------------------------------
# time formatting
def t_hms(ms, sep=","):          # 1:05:21,4
    t = ms // 100
    h, r = divmod(t, 36000)
    m, r = divmod(r, 600)
    s, d = divmod(r, 10)
    return f"{h}:{m:02d}:{s:02d}{sep}{d}"


def t_ms(ms, sep=","):           # 38:14,4 (minutes may be one digit: 5:14,4)
    t = ms // 100
    m, r = divmod(t, 600)
    s, d = divmod(r, 10)
    return f"{m}:{s:02d}{sep}{d}"


def t_ms2(ms):                    # 05:14,4
    t = ms // 100
    m, r = divmod(t, 600)
    s, d = divmod(r, 10)
    return f"{m:02d}:{s:02d},{d}"


def t_quote(ms):                  # 47'12"3
    t = ms // 100
    m, r = divmod(t, 600)
    s, d = divmod(r, 10)
    return f"{m}'{s:02d}\"{d}"


def gap_ms_fmt(ms):               # +0:08,3
    return "+" + t_ms(ms)


def gap_quote(ms):                # +0'08"3
    return "+" + t_quote(ms)


def t_lap3(ms, sep=","):          # 1:52,412
    m, r = divmod(ms, 60000)
    s, k = divmod(r, 1000)
    return f"{m}:{s:02d}{sep}{k:03d}"


def gap_sec3(ms):                 # +5,123 or +1:02,345
    if ms < 60000:
        return f"+{ms // 1000},{ms % 1000:03d}"
    return "+" + t_lap3(ms)


def t_sec2(ms):                   # 52.41 (hundredths)
    return f"{ms // 1000}.{(ms % 1000) // 10:02d}"


# --------------------------------------------------------------------------
# data sets
def rally_table(seed, n_class, base_ms, step_ms, extras, cars, groups,
                numbers, crew_size=2, english=False, clubs=None, unit=100):
    """Return list of dicts (sheet order): classified first, then extras.
    extras: list of status codes for the unclassified tail."""
    rng = random.Random(seed)
    rows = []
    t = base_ms
    nums = list(numbers)
    for i in range(n_class + len(extras)):
        if i > 0:
            t += rng.randint(step_ms // 4, step_ms * 2) // unit * unit
        car = rng.choice(cars)
        g, c = rng.choice(groups)
        rows.append({
            "number": str(nums[i]),
            "crew": [person(rng, english) for _ in range(crew_size)],
            "car": car, "group": g, "class": c,
            "club": rng.choice(clubs) if clubs else None,
            "time_ms": t, "status": "classified",
        })
    # classified ones are the first n_class (already time-ordered)
    leader = rows[0]["time_ms"]
    for pos, r in enumerate(rows[:n_class], 1):
        r["position"] = pos
        r["gap_ms"] = r["time_ms"] - leader
    for r, st in zip(rows[n_class:], extras):
        r["position"] = None
        r["time_ms"] = None
        r["gap_ms"] = None
        r["status"] = st
    return rows


MODERN_CARS = ["Peugeot 208 Rally4", "Renault Clio Rally5", "Citroën C2 R2 Max",
               "Skoda Fabia Rally2", "Peugeot 206 RC", "Renault Clio RS",
               "Citroën Saxo VTS", "Peugeot 106 S16", "Ford Fiesta Rally4",
               "Citroën DS3 R3T", "Renault Twingo R1", "Mitsubishi Lancer Evo IX"]
MODERN_GROUPS = [("A", "7"), ("A", "6K"), ("N", "3"), ("N", "4"), ("R", "2"),
                 ("R", "3"), ("F2000", "F2-14"), ("F2000", "F2-13"),
                 ("Rally", "4"), ("Rally", "5"), ("Rally", "2")]
VHC_CARS = ["Porsche 911 SC", "Alpine A110 1600 S", "Ford Escort RS 1800",
            "Opel Kadett GT/E", "BMW 2002 Ti", "Renault 5 Alpine",
            "Lancia Fulvia HF", "Simca Rallye 2", "Talbot Sunbeam Lotus",
            "Volkswagen Golf GTI"]
VHC_GROUPS = [("2", "10"), ("4", "12"), ("3", "8"), ("2", "7"), ("1", "5"),
              ("4", "9")]

EVENT = "Rallye Régional des Coteaux du Lys 2026"

# workbook data
_used.clear()
WB_SCRATCH = rally_table(11, 10, 3921400, 25000, ["retired", "dsq"],
                         MODERN_CARS, MODERN_GROUPS,
                         [3, 1, 7, 12, 5, 9, 14, 21, 18, 25, 2, 16])
WB_VHC = rally_table(12, 7, 4325300, 40000, ["retired", "dns"],
                     VHC_CARS, VHC_GROUPS, [101, 104, 102, 108, 110, 103, 112,
                                            106, 115])
# The workbook Scratch: the "Ecart" given is to the leader.  Statuses as
# written in the time column.
WB_STATUS_TEXT = {"retired": "Abandon", "dsq": "Exclu", "dns": "Non partant"}


# --------------------------------------------------------------------------
def entry(r, line, table, category, page=None, **over):
    e = {
        "line": line, "page": page, "category": category,
        "position": r.get("position"), "number": r["number"],
        "crew": crew_json(r["crew"]), "car": r.get("car"),
        "group": r.get("group"), "class": r.get("class"),
        "club": r.get("club"), "time_ms": r.get("time_ms"),
        "gap_ms": r.get("gap_ms"), "status": r["status"],
        "laps": r.get("laps"), "best_lap_ms": r.get("best_lap_ms"),
        "speed_kmh": r.get("speed_kmh"), "table": table,
    }
    e.update(over)
    return {k: e[k] for k in FIELDS}


def write_expected(name, tables, entries, notes=None):
    doc = {"file": name, "tables": tables, "entries": entries}
    if notes:
        doc["notes"] = notes
    with open(os.path.join(OUT, name + ".expected.json"), "w",
              encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, indent=1)
        f.write("\n")


def name_cell(p):
    return f"{p[0]} {p[1]}"


# --------------------------------------------------------------------------
# 1. workbooks
SCRATCH_HDR = ["Cl.", "N°", "Pilote", "Copilote", "Voiture", "Gr.", "Cl.",
               "Temps", "Ecart"]
SCRATCH_ROLES = ["position", "number", "driver", "codriver", "car", "group",
                 "class", "time", "gap"]
VHC_HDR = ["Cl.", "N°", "Equipage", "Voiture", "Gr./Cl.", "Temps", "Ecart"]
VHC_ROLES = ["position", "number", "crew", "car", "group_class", "time", "gap"]
ENG_HDR = ["N°", "Pilote", "Copilote", "Voiture", "Gr.", "Cl."]
# Scratch rows whose time is written as TEXT in the xlsx (others are numbers)
TEXT_TIME_POS = {4, 9}


def workbook_grid():
    """Abstract grid: list of sheets (name, rows); each cell is either
    None, str, int, or ('time', ms) for a real spreadsheet time value."""
    eng = [r for r in WB_SCRATCH + WB_VHC]
    eng.sort(key=lambda r: int(r["number"]))
    s_eng = [["Liste des engagés"] + [None] * 5, ENG_HDR]
    for r in eng:
        s_eng.append([int(r["number"]), name_cell(r["crew"][0]),
                      name_cell(r["crew"][1]), r["car"], r["group"],
                      r["class"]])
    s_scr = [["Classement Scratch"] + [None] * 8, SCRATCH_HDR]
    for r in WB_SCRATCH:
        if r["status"] == "classified":
            if r["position"] in TEXT_TIME_POS:
                tcell = t_hms(r["time_ms"])
            else:
                tcell = ("time", r["time_ms"])
            gcell = gap_ms_fmt(r["gap_ms"]) if r["gap_ms"] else None
            pos = r["position"]
        else:
            tcell = WB_STATUS_TEXT[r["status"]]
            gcell = None
            pos = None
        s_scr.append([pos, int(r["number"]), name_cell(r["crew"][0]),
                      name_cell(r["crew"][1]), r["car"], r["group"],
                      r["class"], tcell, gcell])
    s_vhc = [["Classement VHC"] + [None] * 6, VHC_HDR]
    for r in WB_VHC:
        crew = " / ".join(name_cell(p) for p in r["crew"])
        if r["status"] == "classified":
            tcell = t_hms(r["time_ms"])
            gcell = gap_ms_fmt(r["gap_ms"]) if r["gap_ms"] else None
            pos = r["position"]
        else:
            tcell, gcell, pos = WB_STATUS_TEXT[r["status"]], None, None
        s_vhc.append([pos, int(r["number"]), crew, r["car"],
                      f"{r['group']}/{r['class']}", tcell, gcell])
    return [("Engagés", s_eng), ("Scratch", s_scr), ("VHC", s_vhc)]


def workbook_expected(fmt):
    entries = []
    for ti, (rows, cat) in enumerate([(WB_SCRATCH, "Classement Scratch"),
                                      (WB_VHC, "Classement VHC")]):
        for i, r in enumerate(rows):
            entries.append(entry(r, line=3 + i, table=ti, category=cat))
    tables = [{"table": 0, "title": "Classement Scratch",
               "columns": SCRATCH_ROLES},
              {"table": 1, "title": "Classement VHC", "columns": VHC_ROLES}]
    write_expected("workbook." + fmt, tables, entries)


def make_xlsx(grid):
    import openpyxl
    from openpyxl.styles import Font, Alignment
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in grid:
        ws = wb.create_sheet(name)
        for ri, row in enumerate(rows, 1):
            for ci, v in enumerate(row, 1):
                if v is None:
                    continue
                c = ws.cell(row=ri, column=ci)
                if isinstance(v, tuple):
                    c.value = datetime.timedelta(milliseconds=v[1])
                    c.number_format = "[h]:mm:ss.0"
                else:
                    c.value = v
                if ri == 1:
                    c.font = Font(bold=True, size=14)
                elif ri == 2:
                    c.font = Font(bold=True)
                    c.alignment = Alignment(horizontal="center")
        ws.merge_cells(start_row=1, start_column=1, end_row=1,
                       end_column=len(rows[1]))
        for col, w in zip("ABCDEFGHI", [6, 6, 24, 24, 26, 8, 8, 12, 10]):
            ws.column_dimensions[col].width = w
        ws.freeze_panes = "A3"
    wb.properties.creator = "ASA Coteaux du Lys - chronométrage"
    wb.properties.created = datetime.datetime(2026, 6, 14, 18, 5, 0)
    wb.properties.modified = datetime.datetime(2026, 6, 14, 18, 5, 0)
    wb.save(os.path.join(OUT, "workbook.xlsx"))


def make_xls(grid):
    import xlwt
    wb = xlwt.Workbook(encoding="utf-8")
    title = xlwt.easyxf("font: bold on, height 280")
    head = xlwt.easyxf("font: bold on; align: horiz center")
    tfmt = xlwt.easyxf(num_format_str="[h]:mm:ss.0")
    for name, rows in grid:
        ws = wb.add_sheet(name)
        ws.write_merge(0, 0, 0, len(rows[1]) - 1, rows[0][0], title)
        for ri, row in enumerate(rows[1:], 1):
            for ci, v in enumerate(row):
                if v is None:
                    continue
                if isinstance(v, tuple):
                    ws.write(ri, ci, v[1] / 86400000.0, tfmt)
                elif ri == 1:
                    ws.write(ri, ci, v, head)
                else:
                    ws.write(ri, ci, v)
    wb.save(os.path.join(OUT, "workbook.xls"))


def make_ods(grid):
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableRow, TableCell, TableColumn
    from odf.text import P
    from odf.style import Style, TableColumnProperties, TextProperties
    from odf.number import TimeStyle, Hours, Minutes, Seconds, Text as NText
    from odf.style import Style as S2
    doc = OpenDocumentSpreadsheet()
    ts = TimeStyle(name="N_time", truncateonoverflow="false")
    ts.addElement(Hours())
    ts.addElement(NText(text=":"))
    ts.addElement(Minutes(style="long"))
    ts.addElement(NText(text=":"))
    ts.addElement(Seconds(style="long", decimalplaces="1"))
    doc.automaticstyles.addElement(ts)
    cell_time = S2(name="ce_time", family="table-cell",
                   datastylename="N_time")
    doc.automaticstyles.addElement(cell_time)
    bold = Style(name="ce_bold", family="table-cell")
    bold.addElement(TextProperties(fontweight="bold"))
    doc.automaticstyles.addElement(bold)
    for name, rows in grid:
        t = Table(name=name)
        ncols = len(rows[1])
        for _ in range(ncols):
            t.addElement(TableColumn())
        for ri, row in enumerate(rows):
            tr = TableRow()
            if ri == 0:
                tc = TableCell(valuetype="string", numbercolumnsspanned=ncols,
                               stylename=bold)
                tc.addElement(P(text=row[0]))
                tr.addElement(tc)
                from odf.table import CoveredTableCell
                for _ in range(ncols - 1):
                    tr.addElement(CoveredTableCell())
                t.addElement(tr)
                continue
            for v in row:
                if v is None:
                    tc = TableCell()
                elif isinstance(v, tuple):
                    ms = v[1]
                    h, r = divmod(ms, 3600000)
                    m, r = divmod(r, 60000)
                    s = r / 1000.0
                    tc = TableCell(valuetype="time",
                                   timevalue=f"PT{h:02d}H{m:02d}M{s:06.3f}S",
                                   stylename=cell_time)
                    tc.addElement(P(text=t_hms(ms, ".")))
                elif isinstance(v, int):
                    tc = TableCell(valuetype="float", value=v)
                    tc.addElement(P(text=str(v)))
                else:
                    kw = {"stylename": bold} if ri == 1 else {}
                    tc = TableCell(valuetype="string", **kw)
                    tc.addElement(P(text=v))
                tr.addElement(tc)
            t.addElement(tr)
        doc.spreadsheet.addElement(t)
    doc.save(os.path.join(OUT, "workbook.ods"))


# --------------------------------------------------------------------------
# 2. HTML page
_used.clear()
H_NAT = rally_table(21, 9, 4588700, 30000, ["retired", "retired", "dns"],
                    MODERN_CARS, MODERN_GROUPS,
                    [1, 2, 4, 6, 3, 8, 11, 10, 15, 5, 9, 14])
H_VHC = rally_table(22, 7, 2832500, 35000, ["retired"], VHC_CARS, VHC_GROUPS,
                    [201, 203, 206, 202, 209, 205, 211, 207])
H_REG = rally_table(23, 8, 2294400, 20000, ["retired", "dsq"], MODERN_CARS,
                    MODERN_GROUPS, [31, 34, 32, 40, 37, 45, 33, 42, 38, 44])
NAT_FOREIGN = {"6": ("BEL", "be"), "15": ("ESP", "es")}
H_TITLES = ["Classement Rallye National", "Classement VHC",
            "Classement Rallye Régional"]


def html_page():
    L = []       # output lines (unicode), encoded latin-1 later
    exp = []

    def add(s):
        L.append(s)
        return len(L)   # 1-based line number of the line just added

    add('<!DOCTYPE html>')
    add('<html lang="fr">')
    add('<head>')
    add('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">')
    add(f'<title>{EVENT} - Résultats</title>')
    add('<link rel="stylesheet" href="/css/resultats.css">')
    add('</head>')
    add('<body>')
    add('<table class="layout" width="100%" cellpadding="0" cellspacing="0">')
    add('<tr><td><a href="/">Accueil</a></td><td><a href="/calendrier.php">Calendrier</a></td>'
        '<td><a href="/engages.php?id=412">Engagés</a></td><td><a href="/resultats.php?id=412">Résultats</a></td>'
        '<td><a href="/contact.php">Contact</a></td></tr>')
    add('</table>')
    add('<form action="/resultats.php" method="get" class="recherche">')
    add('<label for="q">Rechercher un pilote :</label> <input type="text" id="q" name="q" value="">')
    add('<select name="classement"><option value="scratch" selected>Scratch</option>'
        '<option value="groupe">Par groupe</option><option value="classe">Par classe</option></select>')
    add('<input type="hidden" name="id" value="412"> <input type="submit" value="OK">')
    add('</form>')
    add(f'<h1>{EVENT}</h1>')
    add('<p class="sous-titre">Samedi 13 et dimanche 14 juin 2026 - 8 épreuves spéciales - 112,40 km chronométrés</p>')
    # table 1: crew in one cell with <br>, flag img, colspan separator
    add(f'<h2>{H_TITLES[0]}</h2>')
    add('<table class="resultats" border="1">')
    add('<thead>')
    add('<tr><th>Cl.</th><th>N°</th><th>Nat.</th><th>Equipage</th><th>Voiture</th>'
        '<th>Gr.</th><th>Cl.</th><th>Temps</th><th>Ecart</th></tr>')
    add('</thead>')
    add('<tbody>')
    sep_done = False
    for r in H_NAT:
        if r["status"] != "classified" and not sep_done:
            add('<tr class="separateur"><td colspan="9">Non classés</td></tr>')
            sep_done = True
        nat, code = NAT_FOREIGN.get(r["number"], ("FRA", "fr"))
        crew = "<br>".join(
            f'<a href="/pilote.php?n={p[0].replace(" ", "+")}">{p[0]} {p[1]}</a>'
            for p in r["crew"])
        if r["status"] == "classified":
            pos = f"{r['position']}"
            tm = t_hms(r["time_ms"])
            gp = gap_ms_fmt(r["gap_ms"]) if r["gap_ms"] else "-"
        else:
            pos = {"retired": "Ab.", "dns": "NP"}[r["status"]]
            tm = ""
            gp = ""
        ln = add(f'<tr><td class="pos">{pos}</td><td>{r["number"]}</td>'
                 f'<td><img src="/img/flags/{code}.png" alt="{nat}" width="16"></td>'
                 f'<td class="equipage">{crew}</td><td>{r["car"]}</td>'
                 f'<td>{r["group"]}</td><td>{r["class"]}</td><td>{tm}</td><td>{gp}</td></tr>')
        exp.append(entry(r, ln, 0, H_TITLES[0]))
    add('</tbody>')
    add('</table>')
    # table 2: separate driver / codriver, gap_prev column, 47'12"3 times
    add(f'<h2>{H_TITLES[1]}</h2>')
    add('<table class="resultats" border="1">')
    add('<tr><th>Pos</th><th>N°</th><th>Pilote</th><th>Copilote</th><th>Voiture</th>'
        '<th>Gr./Cl.</th><th>Temps</th><th>Ecart 1er</th><th>Ecart préc.</th></tr>')
    prev = None
    for r in H_VHC:
        p1, p2 = r["crew"]
        d = (f'<td><a href="/pilote.php?n={p1[0]}">{p1[0]} {p1[1]}</a></td>'
             f'<td><a href="/pilote.php?n={p2[0]}">{p2[0]} {p2[1]}</a></td>')
        if r["status"] == "classified":
            pos = str(r["position"])
            tm = t_quote(r["time_ms"])
            g1 = gap_quote(r["gap_ms"]) if r["gap_ms"] else ""
            g2 = gap_quote(r["time_ms"] - prev) if prev is not None else ""
            prev = r["time_ms"]
        else:
            pos, tm, g1, g2 = "", "Abandon", "", ""
        ln = add(f'<tr><td>{pos}</td><td>{r["number"]}</td>{d}<td>{r["car"]}</td>'
                 f'<td>{r["group"]}/{r["class"]}</td><td>{tm}</td><td>{g1}</td><td>{g2}</td></tr>')
        exp.append(entry(r, ln, 1, H_TITLES[1]))
    add('</table>')
    # pre block: fixed-width third table
    add(f'<h2>{H_TITLES[2]}</h2>')
    add('<pre class="classement">')
    hdr = f"{'Cl':>3} {'N°':>4}  {'Equipage':<42}{'Voiture':<26}{'Gr/Cl':<10}{'Temps':>10} {'Ecart':>9}"
    add(hdr)
    add("-" * len(hdr))
    for r in H_REG:
        crew = " / ".join(f"{p[0]} {p[1]}" for p in r["crew"])
        if r["status"] == "classified":
            pos = str(r["position"])
            tm = t_ms2(r["time_ms"])
            gp = gap_ms_fmt(r["gap_ms"]) if r["gap_ms"] else ""
        else:
            pos = ""
            tm = {"retired": "Abandon", "dsq": "Exclu"}[r["status"]]
            gp = ""
        ln = add(f"{pos:>3} {r['number']:>4}  {crew:<42}{r['car']:<26}"
                 f"{r['group'] + '/' + r['class']:<10}{tm:>10} {gp:>9}".rstrip())
        exp.append(entry(r, ln, 2, H_TITLES[2]))
    add('</pre>')
    add('<p class="notes">Classement provisoire publié à 17h52. Réclamations auprès du directeur de course jusqu\'à 18h22.</p>')
    add('<div class="pied">&copy; ASA des Coteaux du Lys - <a href="/mentions.php">Mentions légales</a></div>')
    add('</body>')
    add('</html>')
    with open(os.path.join(OUT, "page.html"), "wb") as f:
        f.write(("\n".join(L) + "\n").encode("iso-8859-1"))
    tables = [
        {"table": 0, "title": H_TITLES[0],
         "columns": ["position", "number", "nationality", "crew", "car",
                     "group", "class", "time", "gap"]},
        {"table": 1, "title": H_TITLES[1],
         "columns": ["position", "number", "driver", "codriver", "car",
                     "group_class", "time", "gap", "gap_prev"]},
        {"table": 2, "title": H_TITLES[2],
         "columns": ["position", "number", "crew", "car", "group_class",
                     "time", "gap"]},
    ]
    write_expected("page.html", tables, exp)


# --------------------------------------------------------------------------
# 3. PDF report: circuit races with laps, best lap and average speed
PDF_EVENT = "Trophée Régional Monoplace - Circuit du Val d'Orbe"
TRACK_KM = 3.215


def circuit_table(seed, n_class, laps, base_lap_ms, extras, cars, classes,
                  numbers, clubs):
    rng = random.Random(seed)
    rows = []
    t = laps * base_lap_ms + rng.randint(0, 900)
    for i in range(n_class + len(extras)):
        if i > 0:
            t += rng.randint(600, 9000)
        best = int(t / laps * rng.uniform(0.975, 0.99))
        cls = rng.choice(classes)
        rows.append({"number": str(numbers[i]), "crew": [person(rng)],
                     "car": rng.choice(cars), "group": None, "class": cls,
                     "club": rng.choice(clubs), "time_ms": t,
                     "laps": laps, "best_lap_ms": best,
                     "speed_kmh": round(TRACK_KM * laps / (t / 3600000.0), 2),
                     "status": "classified"})
    leader = rows[0]["time_ms"]
    for pos, r in enumerate(rows[:n_class], 1):
        r["position"] = pos
        r["gap_ms"] = r["time_ms"] - leader
    for r, (st, lapsdone) in zip(rows[n_class:], extras):
        r.update(position=None, time_ms=None, gap_ms=None, speed_kmh=None,
                 status=st, laps=lapsdone)
        if lapsdone == 0:
            r["best_lap_ms"] = None
    return rows


_used.clear()
CLUBS = ["ASA Val d'Orbe", "ASA Lyonnais", "Écurie Saint-Martin",
         "ASA Jura", "Team Montagne Racing", "ASA Dauphinoise"]
PDF_FF = circuit_table(31, 10, 12, 84300, [("retired", 7), ("nc", 5)],
                       ["Van Diemen RF92", "Ray GR08", "Mygale SJ07",
                        "Swift SC92F"], ["FF1", "FF2"],
                       [7, 3, 22, 15, 9, 41, 18, 11, 27, 5, 33, 14], CLUBS)
PDF_FR = circuit_table(32, 12, 14, 76800, [("retired", 3), ("dsq", 14)],
                       ["Tatuus FR2000", "Barazi-Epsilon FR2.0",
                        "Mygale FR2000"], ["FR", "FR-M"],
                       [61, 66, 64, 70, 62, 75, 68, 73, 79, 71, 65, 77, 63,
                        80], CLUBS)
PDF_TITLES = ["Course 1 - Formule Ford 1600", "Course 1 - Formule Renault 2.0"]
PDF_COLS = ["position", "number", "driver", "club", "car", "class", "laps",
            "time", "gap", "best_lap", "speed"]


def pdf_status_text(st):
    return {"retired": "Abandon", "nc": "NC", "dsq": "Exclu"}[st]


def make_pdf():
    from reportlab.pdfgen import canvas
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    fd = "/usr/share/fonts/truetype/dejavu/"
    pdfmetrics.registerFont(TTFont("DV", fd + "DejaVuSans.ttf"))
    pdfmetrics.registerFont(TTFont("DVB", fd + "DejaVuSans-Bold.ttf"))
    W, H = landscape(A4)
    path = os.path.join(OUT, "report.pdf")
    c = canvas.Canvas(path, pagesize=(W, H), invariant=1)
    c.setTitle(PDF_EVENT + " - Résultats")
    c.setAuthor("Chronométrage ASA Val d'Orbe")
    TOTAL = 4
    stamp = "Edité le 14/06/2026 à 18:24:05"
    # column grid: (x, align, header)
    COLS = [(40, "R", "Pos"), (50, "L", "N°"), (80, "L", "Pilote"),
            (225, "L", "Club"), (355, "L", "Voiture"), (480, "L", "Cl."),
            (540, "R", "Tours"), (610, "R", "Temps"), (670, "R", "Ecart"),
            (740, "R", "M. tour"), (800, "R", "Moy.")]

    def footer(p):
        c.setFont("DV", 8)
        c.drawString(40, 25, stamp)
        c.drawRightString(W - 40, 25, f"Page {p}/{TOTAL}")
        c.drawCentredString(W / 2, 25, "Chronométrage : Val d'Orbe Timing")

    def header_band():
        c.setFont("DVB", 12)
        c.drawString(40, H - 40, PDF_EVENT)
        c.setFont("DV", 9)
        c.drawRightString(W - 40, H - 40, "Dimanche 14 juin 2026")

    def draw_row(y, vals, font="DV", size=9):
        c.setFont(font, size)
        for (x, al, _), v in zip(COLS, vals):
            if v in (None, ""):
                continue
            if al == "R":
                c.drawRightString(x, y, v)
            else:
                c.drawString(x, y, v)

    def col_header(y):
        draw_row(y, [h for _, _, h in COLS], "DVB", 9)
        c.line(30, y - 4, W - 30, y - 4)

    def row_vals(r):
        p = r["crew"][0]
        if r["status"] == "classified":
            return [str(r["position"]), r["number"], f"{p[0]} {p[1]}",
                    r["club"], r["car"], r["class"], str(r["laps"]),
                    t_lap3(r["time_ms"]),
                    gap_sec3(r["gap_ms"]) if r["gap_ms"] else "",
                    t_lap3(r["best_lap_ms"]),
                    f"{r['speed_kmh']:.2f}".replace(".", ",")]
        return ["", r["number"], f"{p[0]} {p[1]}", r["club"], r["car"],
                r["class"], str(r["laps"]), pdf_status_text(r["status"]), "",
                t_lap3(r["best_lap_ms"]) if r["best_lap_ms"] else "", ""]

    # page 1: cover
    c.setFont("DVB", 26)
    c.drawCentredString(W / 2, H - 170, "Trophée Régional Monoplace")
    c.setFont("DVB", 18)
    c.drawCentredString(W / 2, H - 205, "Circuit du Val d'Orbe - 3,215 km")
    c.setFont("DV", 14)
    c.drawCentredString(W / 2, H - 240, "Manche 3 - 13 et 14 juin 2026")
    c.setFont("DV", 11)
    c.drawCentredString(W / 2, H - 300, "Résultats officiels des courses")
    c.rect(W / 2 - 260, 110, 150, 60)
    c.rect(W / 2 - 75, 110, 150, 60)
    c.rect(W / 2 + 110, 110, 150, 60)
    c.setFont("DVB", 12)
    c.drawCentredString(W / 2 - 185, 135, "FFSA")
    c.drawCentredString(W / 2, 135, "Ligue du Sport Auto")
    c.drawCentredString(W / 2 + 185, 135, "Région Val d'Orbe")
    c.setFont("DV", 8)
    c.drawCentredString(W / 2, 80, "Organisation : ASA Val d'Orbe - Visa n° R 2026/118")
    c.showPage()

    # page 2: table 0 + beginning of table 1
    header_band()
    y = H - 75
    c.setFont("DVB", 11)
    c.drawString(40, y, PDF_TITLES[0])
    y -= 22
    col_header(y)
    y -= 16
    for r in PDF_FF:
        draw_row(y, row_vals(r))
        y -= 14
    y -= 14
    c.setFont("DVB", 11)
    c.drawString(40, y, PDF_TITLES[1])
    y -= 22
    col_header(y)
    y -= 16
    split = 6
    for r in PDF_FR[:split]:
        draw_row(y, row_vals(r))
        y -= 14
    footer(2)
    c.showPage()
    # page 3: continuation, header row repeated
    header_band()
    y = H - 75
    c.setFont("DVB", 11)
    c.drawString(40, y, PDF_TITLES[1] + " (suite)")
    y -= 22
    col_header(y)
    y -= 16
    for r in PDF_FR[split:]:
        draw_row(y, row_vals(r))
        y -= 14
    y -= 10
    c.setFont("DV", 8)
    c.drawString(40, y, "Moy. : vitesse moyenne en km/h sur la distance parcourue par le vainqueur.")
    footer(3)
    c.showPage()
    # page 4: notes
    header_band()
    y = H - 80
    c.setFont("DVB", 13)
    c.drawString(40, y, "Décisions du Collège des Commissaires Sportifs")
    notes = [
        "Décision n° 1 : le pilote n° 80 (Formule Renault 2.0) est exclu de la course 1 pour",
        "non-conformité technique constatée lors des vérifications d'après course (poids minimum",
        "non respecté : 448 kg pour 455 kg requis). Le classement est modifié en conséquence.",
        "",
        "Décision n° 2 : le pilote n° 27 (Formule Ford 1600) reçoit une pénalité de 5 secondes",
        "pour dépassement des limites de la piste, déjà incluse dans le temps publié.",
        "",
        "Décision n° 3 : le pilote n° 14 (Formule Ford 1600), ayant parcouru moins de 75 % de la",
        "distance du vainqueur, n'est pas classé.",
        "",
        "Classement officiel affiché à 18h30, après expiration du délai de réclamation.",
        "",
        "Le Président du Collège : M. Armand TISSERAND",
    ]
    y -= 30
    c.setFont("DV", 10)
    for s in notes:
        c.drawString(40, y, s)
        y -= 15
    footer(4)
    c.showPage()
    c.save()

    # expectations: locate each entry's line in `pdftotext -layout` of its page
    exp = []
    pages_text = {}
    for p in (2, 3):
        out = subprocess.run(["pdftotext", "-layout", "-f", str(p), "-l",
                              str(p), path, "-"], capture_output=True,
                             text=True, check=True).stdout
        pages_text[p] = out.split("\n")
    for ti, rows in enumerate([PDF_FF, PDF_FR]):
        for i, r in enumerate(rows):
            page = 2 if (ti == 0 or i < split) else 3
            key = f"{r['crew'][0][0]} {r['crew'][0][1]}"
            hits = [n for n, s in enumerate(pages_text[page], 1) if key in s]
            assert len(hits) == 1, (key, hits)
            exp.append(entry(r, hits[0], ti, PDF_TITLES[ti], page=page))
    tables = [{"table": i, "title": t, "columns": PDF_COLS}
              for i, t in enumerate(PDF_TITLES)]
    write_expected("report.pdf", tables, exp)
    # sanity: the notes mention the right numbers
    assert PDF_FR[-1]["number"] == "80" and PDF_FR[-1]["status"] == "dsq"
    assert PDF_FF[-1]["number"] == "14" and PDF_FF[-1]["status"] == "nc"
    assert PDF_FF[8]["number"] == "27"


# --------------------------------------------------------------------------
# 4. commas.csv: rallye-sprint, "SURNAME, First" names, decimal commas
CSV_CLUBS = ["ASA du Bocage", "ASA Val de Loire; Écurie 41", "ASA Mayenne",
             "ASA Maine-Bretagne", "ASA Cigognes"]
CSV_CARS = ["Peugeot 208, R2", "Renault Clio, RS Line", "Citroën Saxo VTS",
            "Peugeot 106, S16", "BMW 318 is, F2-14", "Honda Civic Type R"]
_used.clear()
CSV_ROWS = rally_table(41, 10, 314400, 3000, ["retired", "dns"], CSV_CARS,
                       [("R", "R2"), ("N", "N2"), ("F2000", "F2-14"),
                        ("A", "A6"), ("N", "N3")],
                       [12, 8, 3, 17, 21, 5, 9, 26, 14, 30, 2, 19],
                       clubs=CSV_CLUBS)
# make sure exactly one row has the semicolon club
for _i, _r in enumerate(CSV_ROWS):
    if _r["club"] == CSV_CLUBS[1] and _i != 3:
        _r["club"] = CSV_CLUBS[0]
CSV_ROWS[3]["club"] = CSV_CLUBS[1]


def make_commas_csv():
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=";", quoting=csv.QUOTE_MINIMAL,
                   lineterminator="\r\n")
    hdr = ["Cl.", "N°", "Pilote", "Copilote", "Voiture", "Groupe", "Classe",
           "Club", "Temps", "Ecart"]
    w.writerow(hdr)
    exp = []
    line = 1
    for r in CSV_ROWS:
        line += 1
        p1, p2 = r["crew"]
        if r["status"] == "classified":
            pos, tm = str(r["position"]), t_ms(r["time_ms"])
            gp = gap_ms_fmt(r["gap_ms"]) if r["gap_ms"] else "0:00,0"
        else:
            pos = ""
            tm = {"retired": "Abandon", "dns": "Non partant"}[r["status"]]
            gp = ""
        w.writerow([pos, r["number"], f"{p1[0]}, {p1[1]}", f"{p2[0]}, {p2[1]}",
                    r["car"], r["group"], r["class"], r["club"], tm, gp])
        exp.append(entry(r, line, 0, None))
    with open(os.path.join(OUT, "commas.csv"), "w", encoding="utf-8-sig",
              newline="") as f:
        f.write(buf.getvalue())
    write_expected("commas.csv", [{"table": 0, "title": None, "columns": [
        "position", "number", "driver", "codriver", "car", "group", "class",
        "club", "time", "gap"]}], exp)


# --------------------------------------------------------------------------
# 5. two_tables.csv: English hill climb, two blocks, second with other order
HC_CLUBS = ["BARC", "MAC", "HSA", "BMMC", "Harewood MC"]


def hc_rows(seed, n, base, extras, cars, classes, numbers):
    rows = rally_table(seed, n, base, 700, extras, cars,
                       [(None, c) for c in classes], numbers, crew_size=1,
                       english=True, clubs=HC_CLUBS, unit=10)
    return rows


_used.clear()
HC_ROAD = hc_rows(51, 9, 41230, ["retired", "dns"],
                  ["Lotus Elise S1", "Caterham Seven 420R", "Mazda MX-5 NA",
                   "Honda Integra Type R", "Peugeot 106 GTi", "Ford Puma ST"],
                  ["RS1.4", "RS2.0", "RS3.0", "Mod2.0"],
                  [12, 23, 7, 31, 15, 44, 9, 28, 36, 19, 4])
HC_RACE = hc_rows(52, 8, 33870, ["retired"],
                  ["OMS CF04", "Pilbeam MP88", "Gould GR59", "Empire Wraith",
                   "Force PC"], ["R1100", "R1600", "R2000", "R3000"],
                  [101, 108, 95, 112, 99, 104, 117, 90, 121])
HC_TITLES = ["Championship Class Results - Road-going Cars",
             "Championship Class Results - Racing Cars"]


def make_two_tables_csv():
    lines = []
    exp = []

    def addrow(cells):
        b = io.StringIO()
        csv.writer(b, lineterminator="").writerow(cells)
        lines.append(b.getvalue())
        return len(lines)

    st_txt = {"retired": "DNF", "dns": "DNS"}
    addrow(["Brackendale Hill Climb - Sunday 7 June 2026 - Best of two timed runs"])
    addrow([])
    addrow([HC_TITLES[0]])
    addrow(["Pos", "No", "Driver", "Car", "Class", "Club", "Time", "Gap"])
    for r in HC_ROAD:
        (s, f), = r["crew"]
        if r["status"] == "classified":
            pos, tm = str(r["position"]), t_sec2(r["time_ms"])
            gp = "+" + t_sec2(r["gap_ms"]) if r["gap_ms"] else ""
        else:
            pos, tm, gp = st_txt[r["status"]], "", ""
        ln = addrow([pos, r["number"], f"{f} {s}", r["car"], r["class"],
                     r["club"], tm, gp])
        exp.append(entry(r, ln, 0, HC_TITLES[0]))
    addrow([])
    addrow([HC_TITLES[1]])
    addrow(["No", "Driver", "Club", "Car", "Class", "Time", "Pos", "Diff"])
    for r in HC_RACE:
        (s, f), = r["crew"]
        if r["status"] == "classified":
            pos, tm = str(r["position"]), t_sec2(r["time_ms"])
            gp = "+" + t_sec2(r["gap_ms"]) if r["gap_ms"] else ""
        else:
            pos, tm, gp = st_txt[r["status"]], "", ""
        ln = addrow([r["number"], f"{f} {s}", r["club"], r["car"],
                     r["class"], tm, pos, gp])
        exp.append(entry(r, ln, 1, HC_TITLES[1]))
    addrow([])
    addrow(["Times in seconds. Results provisional until 17:30."])
    with open(os.path.join(OUT, "two_tables.csv"), "w", encoding="utf-8",
              newline="") as f:
        f.write("\r\n".join(lines) + "\r\n")
    write_expected("two_tables.csv", [
        {"table": 0, "title": HC_TITLES[0], "columns": [
            "position", "number", "driver", "car", "class", "club", "time",
            "gap"]},
        {"table": 1, "title": HC_TITLES[1], "columns": [
            "number", "driver", "club", "car", "class", "time", "position",
            "gap"]}], exp)


# --------------------------------------------------------------------------
def main():
    grid = workbook_grid()
    make_xlsx(grid)
    make_xls(grid)
    make_ods(grid)
    for fmt in ("xlsx", "xls", "ods"):
        workbook_expected(fmt)
    html_page()
    make_pdf()
    make_commas_csv()
    make_two_tables_csv()


if __name__ == "__main__":
    main()
