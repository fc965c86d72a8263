#!/usr/bin/env python3
"""Lists the public declarations of the library products that have no doc comment.

Declarations that implement a standard protocol requirement (`==`, `hash(into:)`, `Codable`,
result-builder methods, `Widget.render(in:buffer:)`, `SharedKey`'s `load`/`subscribe`/`save`,
`Identifiable.id` …) are skipped: DocC shows the requirement's documentation for them. Underscored
declarations are implementation details and skipped too. Exits with 1 when any is found, so
Scripts/build-docs fails on an undocumented declaration.

    python3 Scripts/undocumented-declarations.py
"""
import os
import re
import sys

PRODUCTS = ["ComposableArchitecture", "Sharing", "SharingGRDB", "SharingPostgres", "ComposableTerminal", "ComposableWeb", "SwiftUICore", "SwiftUIWeb", "SwiftUIStateTypes", "ComposableSwiftUI"]
DECLARATION = re.compile(r"(@\w+(\([^)]*\))?\s+)*(public|open)\s")
KEYWORD = re.compile(
    r"\b(var|func|init|subscript|static|struct|class|enum|protocol|typealias|case|let|macro|actor)\b"
)
WITNESS = re.compile(
    r"func (==|<|hash\(into|build\w+|reduce\(into|encode\(to|makeIterator|index\(after"
    r"|index\(before|render\(in area|load\(context|subscribe\(|save\(_ value)"
    r"|init\(from (_|decoder)|var (customDumpValue|customDumpMirror|description|debugDescription"
    r"|startIndex|endIndex|customMirror|id)\b|subscript\(position|typealias Value =|projectedValue"
)


def documented(lines, index):
    """Whether the declaration at `index` has a `///` comment above it and its attributes."""
    j = index - 1
    while j >= 0:
        line = lines[j].strip()
        if line.startswith(")"):  # the end of a multi-line attribute: go to its start
            while j >= 0 and not lines[j].strip().startswith("@"):
                j -= 1
            j -= 1
        elif line.startswith("@"):
            j -= 1
        else:
            return line.startswith("///") or line.endswith("*/")
    return False


def undocumented():
    found = []
    for product in PRODUCTS:
        for root, _, files in os.walk(os.path.join("Sources", product)):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(root, name)
                lines = open(path, encoding="utf-8").read().split("\n")
                for index, line in enumerate(lines):
                    text = line.strip()
                    if not DECLARATION.match(text) or re.match(r"(public|open)\s+(import|extension)\b", text):
                        continue
                    if not KEYWORD.search(text) or WITNESS.search(text):
                        continue
                    if "_$" in text or re.search(r"\b(func|var|let|struct|class|enum|typealias|macro) _", text):
                        continue
                    if not documented(lines, index):
                        found.append(f"{path}:{index + 1}: {text}")
    return found


if __name__ == "__main__":
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    missing = undocumented()
    for line in missing:
        print(line)
    print(f"{len(missing)} public declaration(s) without a doc comment", file=sys.stderr)
    sys.exit(1 if missing else 0)
