#!/usr/bin/env python3
"""Writes the stress scenarios stress-N.yaml (N ships over a disc of radius
400 with a 9,000-hex phase region) used by `hexrift bench` and
docs/PERFORMANCE.md. Deterministic: run it again and the files are the same.
Usage: python3 testdata/gen-stress.py   (from the repository root)"""
import os

RADIUS = 400
PHASE_RADIUS = 54  # 3*54*55+1 = 8,911 hexes, about 9,000

def disc_hex(i, n):
    # A stable spread over the disc: a Weyl sequence in axial coordinates,
    # rejected outside the disc.
    k = i
    while True:
        a = (k * 0.6180339887498949) % 1.0
        b = (k * 0.7548776662466927) % 1.0
        q = int(round((a * 2 - 1) * RADIUS))
        r = int(round((b * 2 - 1) * RADIUS))
        s = -q - r
        if max(abs(q), abs(r), abs(s)) <= RADIUS:
            return q, r
        k += n + 7919

def write(n):
    lines = [
        f"# Stress scenario: {n} ships over a disc of radius {RADIUS} hexes with a",
        f"# {3*PHASE_RADIUS*(PHASE_RADIUS+1)+1}-hex phase region. Made by testdata/gen-stress.py.",
        f"id: stress-{n}",
        f"name: Stress {n}",
        "description: |",
        f"  A performance scenario: {n} ships in two fleets spread over a disc of",
        f"  radius {RADIUS}, with a phase space region of radius {PHASE_RADIUS} at the centre.",
        'center: "0,0"',
        "ruleset:",
        "  turn_limit: 3",
        "  impulses: 6",
        "sides:",
        '  - {id: federation, name: Terran Federation, color: "#4da3ff"}',
        '  - {id: korath, name: Korath Dominion, color: "#ff5c5c"}',
        "regions:",
        "  - id: deep-veil",
        "    kind: phase-space",
        "    name: The Deep Veil",
        f'    disc: {{center: "0,0", radius: {PHASE_RADIUS}}}',
        "units:",
    ]
    seen = set()
    facings = "ABCDEF"
    k = 1
    for i in range(n):
        while True:
            q, r = disc_hex(k, n)
            k += 1
            if (q, r) not in seen:
                seen.add((q, r))
                break
        if i % 2 == 0:
            side, cls, name = "federation", "fed-frigate", "fed"
        else:
            side, cls, name = "korath", "kor-raider", "kor"
        lines.append(f'  - {{id: {name}-{i}, side: {side}, class: {cls}, hex: "{q},{r}", facing: {facings[i % 6]}, speed: 12}}')
    with open(os.path.join(os.path.dirname(__file__), f"stress-{n}.yaml"), "w") as f:
        f.write("\n".join(lines) + "\n")

for n in (10, 100, 1000, 2000):
    write(n)
