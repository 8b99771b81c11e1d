#!/usr/bin/env python3
"""Writes the window benchmark's stress scenario: a Great War map of 100 x 100 hexes
with 1,000 counters (500 a side, one per hex) and a leader for every ten.

Deterministic: the same output every run. Not a scenario to play; it exists to
measure the window (scripts/bench-window.sh) on a map far larger than any shipped one.
usage: stress_scenario.py OUT.ron [PER_SIDE]   (PER_SIDE counters a side, 500 unless given)
"""
import random
import sys

W, H = 100, 100
PER_SIDE = 500
UNITS = ["rifle_company", "rifle_company", "rifle_company", "machinegun", "pioneer_company",
         "cavalry_dismounted"]


def label(col, row):
    # Columns and rows from 1; six digits once the map is wider than 99.
    return f"{col:03}{row:03}"


def main():
    global PER_SIDE
    out = sys.argv[1]
    if len(sys.argv) > 2:
        PER_SIDE = int(sys.argv[2])
    rng = random.Random(1000)
    terrain = [["."] * W for _ in range(H)]
    elevation = [["0"] * W for _ in range(H)]
    for _ in range(W * H // 12):
        terrain[rng.randrange(H)][rng.randrange(W)] = rng.choice("wwwtto:m")
    for _ in range(40):
        cr, cc, radius = rng.randrange(H), rng.randrange(W), rng.randint(3, 8)
        for r in range(max(0, cr - radius), min(H, cr + radius + 1)):
            for c in range(max(0, cc - radius), min(W, cc + radius + 1)):
                d = max(abs(r - cr), abs(c - cc))
                level = max(int(elevation[r][c]), min(3, (radius - d) // 2))
                elevation[r][c] = str(level)
    lines = []
    add = lines.append
    add("// The window benchmark's stress scenario, written by scripts/stress_scenario.py.")
    add("Scenario(")
    add('    rules: "great_war",')
    add(f'    title: "Stress: 100 x 100 hexes, {2 * PER_SIDE:,} counters",')
    add('    briefing: "A benchmark, not a battle.",')
    add("    turns: 12,")
    add("    map: (")
    add(f"        width: {W},")
    add(f"        height: {H},")
    add("        orientation: FlatColumns,")
    add("        terrain: [")
    lines.extend(f'            "{"".join(row)}",' for row in terrain)
    add("        ],")
    add("        elevation: [")
    lines.extend(f'            "{"".join(row)}",' for row in elevation)
    add("        ],")
    road = " ".join(label(c, 50) for c in range(1, W + 1))
    add(f'        roads: ["{road}"],')
    add("    ),")
    add("    sides: [")
    for side, name, colour, initiative in [("german", "German", "#8fa3b3", 1),
                                           ("british", "British", "#c9ad74", 0)]:
        add(f'        (id: "{side}", name: "{name}", colour: "{colour}", initiative: {initiative},')
        add("         morale: 7, artillery_ammunition: 4, ammunition_depletion: 8),")
    add("    ],")
    add("    counters: [")
    leaders = []
    for side, first_col in [("german", 1), ("british", 71)]:
        for i in range(PER_SIDE):
            col, row = first_col + i // H, 1 + i % H
            unit = UNITS[i % len(UNITS)]
            add(f'        (id: "{side}_{i}", side: "{side}", unit: "{unit}", hex: "{label(col, row)}"),')
            if i % 10 == 0:
                leaders.append((side, i, label(col, row)))
    add("    ],")
    add("    leaders: [")
    for side, i, hex_label in leaders:
        add(f'        (id: "{side}_leader_{i}", side: "{side}", name: "Leader {i}", kind: Infantry,'
            f' rank: 2, morale: 8, combat: 1, morale_modifier: 0, hex: "{hex_label}"),')
    add("    ],")
    add("    victory: (")
    add(f'        objectives: [(hex: "{label(50, 50)}", points: 5)],')
    add("        step_loss_points: 1,")
    add("    ),")
    add(")")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
