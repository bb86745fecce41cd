#!/usr/bin/env python3
"""Random differential test of the c64 machine against cbmbasic (the C64's BASIC ROM
recompiled to C, github.com/mist64/cbmbasic, built outside this repository).

It writes many small random Commodore BASIC V2 programs (one to a few statements each:
the C64 has no ON ERROR, an error ends the run), runs each under cbmbasic exactly as
record_c64.sh does (the listing with CR line ends, nothing typed) and under
`amazing basic FILE --machine c64`, and compares the bytes (cbmbasic's CR LF as LF, as
c64_test.cpp does). Each program that differs is shrunk (its expression trees cut down
while the difference stays) and written to OUTDIR/diffNNNN.bas with both outputs.

cbmbasic's cursor column is always 0 (its PLOT), so a comma, TAB or POS is only made
where the column is 0 on both (at the start of a PRINT). TI, TI$ and ST (clocks and I/O),
RND(0) and FRE are never made (they depend on the host). The strings mode nests joins,
calls and comparisons so that several temporary strings wait at once; it leaves out what
FACTS.md lists as not modelled (a string comparison last in a joined call's argument, a
- or NOT right after a join's +). The syntax mode gives one statement form its arguments
right, left out, of the other type or out of range, and junk after it.

Usage (seeded: the same seed makes the same programs):
  tests/basic/fuzz_cbmbasic.py --cbm /tmp/cbmbasic/cbmbasic --amazing build/amazing \
      [--seed 1] [--count 2000] [--mode expr|stmt|arith|soup|strings|syntax|all]
      [--out /tmp/c64fuzz-out]
Prints the number of programs and expressions compared and how many differed.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

KEYWORDS = (
    "END FOR NEXT DATA INPUT# INPUT DIM READ LET GOTO RUN IF RESTORE GOSUB RETURN REM "
    "STOP ON WAIT LOAD SAVE VERIFY DEF POKE PRINT# PRINT CONT LIST CLR CMD SYS OPEN "
    "CLOSE GET NEW TAB( TO FN SPC( THEN NOT STEP AND OR SGN INT ABS USR FRE POS SQR "
    "RND LOG EXP COS SIN TAN ATN PEEK LEN STR$ VAL ASC CHR$ LEFT$ RIGHT$ MID$ GO").split()

# Variables the programs set before they use them (none holds a keyword, TI or ST).
NUM_VARS = ["A", "B", "X", "Y", "AB", "XY", "Q1", "ZZ"]
INT_VARS = ["A%", "I%", "BC%", "K9%"]
STR_VARS = ["A$", "B$", "XY$", "Z1$"]


class Node:
    """An expression: text made from its children's texts; kind 'n' (number) or 's'."""

    def __init__(self, kind, fmt, kids=()):
        self.kind, self.fmt, self.kids = kind, fmt, list(kids)

    def text(self):
        return self.fmt.format(*[k.text() for k in self.kids])

    def subtrees(self):
        yield self
        for k in self.kids:
            yield from k.subtrees()

    def size(self):
        return 1 + sum(k.size() for k in self.kids)


def leaf(kind, text):
    return Node(kind, text.replace("{", "{{").replace("}", "}}"))


class Gen:
    def __init__(self, rng):
        self.r = rng

    # --- numbers -------------------------------------------------------------------
    def number_text(self):
        r = self.r
        pick = r.random()
        if pick < 0.25:
            return str(r.choice([0, 1, 2, 3, 5, 7, 10, 100, 255, 256, 32767, 32768, 65535,
                                 65536, 1e9, 2]))
        if pick < 0.35:
            return r.choice([".5", "1.5", "2.5", "-.5", ".25", ".1", ".05", "0.5", "5E-1"])
        if pick < 0.5:  # long digit strings
            digits = "".join(r.choice("0123456789") for _ in range(r.randint(8, 14)))
            point = r.randint(0, len(digits))
            return (digits[:point] + "." + digits[point:]).lstrip("0") or "0"
        if pick < 0.65:
            mant = str(r.randint(1, 99999))
            if r.random() < 0.5:
                mant = mant[:1] + "." + mant[1:]
            return mant + "E" + r.choice(["", "+", "-"]) + str(r.randint(0, 40))
        if pick < 0.72:
            return r.choice(["1E38", "1.7E38", "1.70141183E38", "1E-38", "2.9E-39", "3E-39",
                             "999999999", "999999999.5", "99999999.9", "123456789",
                             "1234567890", ".999999999", "4294967295", "2147483648"])
        if pick < 0.85:
            return str(r.randint(0, 1000))
        return "%.*f" % (r.randint(1, 4), r.uniform(-50, 50))

    def num_leaf(self):
        r = self.r
        pick = r.random()
        if pick < 0.6:
            return leaf("n", self.number_text())
        if pick < 0.8:
            return leaf("n", r.choice(NUM_VARS))
        return leaf("n", r.choice(INT_VARS))

    def str_leaf(self):
        r = self.r
        if r.random() < 0.4:
            return leaf("s", r.choice(STR_VARS))
        chars = "ABCXYZ 0123.-+E,"
        s = "".join(r.choice(chars) for _ in range(r.randint(0, 8)))
        if r.random() < 0.2:
            s = r.choice(["", " ", "1E3", "-12.5", " 7 ", "1E99", ".", "1.2.3", "$10"])
        return leaf("s", '"' + s + '"')

    def small_arg(self, depth):
        """A count or position: edges near 0 and 255 or an expression."""
        r = self.r
        if r.random() < 0.6:
            return leaf("n", str(r.choice([0, 1, 2, 3, 4, 5, 10, 254, 255, 256, 1.5, 2.9,
                                           -1, -.5, .5, 65535])))
        return self.num(depth)

    def num(self, depth):
        r = self.r
        if depth <= 0 or r.random() < 0.25:
            return self.num_leaf()
        pick = r.random()
        if pick < 0.35:
            op = r.choice(["+", "-", "*", "/", "^", "=", "<", ">", "<=", ">=", "<>",
                           " AND ", " OR ", "+", "-", "*"])
            a, b = self.num(depth - 1), self.num(depth - 1)
            return Node("n", "{}" + op + "{}", [a, b])
        if pick < 0.45:
            op = r.choice(["=", "<", ">", "<=", ">=", "<>"])
            return Node("n", "({}" + op + "{})", [self.str(depth - 1), self.str(depth - 1)])
        if pick < 0.52:
            return Node("n", r.choice(["-{}", "NOT {}", "+{}", "NOT-{}"]), [self.num(depth - 1)])
        if pick < 0.6:
            return Node("n", "({})", [self.num(depth - 1)])
        if pick < 0.85:
            fn = r.choice(["ABS", "SGN", "INT", "SQR", "EXP", "LOG", "SIN", "COS", "TAN",
                           "ATN", "ABS", "INT", "SGN"])
            return Node("n", fn + "({})", [self.num(depth - 1)])
        fn = r.choice(["LEN", "ASC", "VAL", "LEN", "VAL"])
        return Node("n", fn + "({})", [self.str(depth - 1)])

    def str(self, depth):
        r = self.r
        if depth <= 0 or r.random() < 0.3:
            return self.str_leaf()
        pick = r.random()
        if pick < 0.3:
            return Node("s", "{}+{}", [self.str(depth - 1), self.str(depth - 1)])
        if pick < 0.45:
            return Node("s", "CHR$({})", [self.char_code(depth)])
        if pick < 0.6:
            return Node("s", "STR$({})", [self.num(depth - 1)])
        if pick < 0.72:
            fn = r.choice(["LEFT$", "RIGHT$"])
            return Node("s", fn + "({},{})", [self.str(depth - 1), self.small_arg(depth - 1)])
        if pick < 0.85:
            if r.random() < 0.5:
                return Node("s", "MID$({},{})", [self.str(depth - 1), self.small_arg(depth - 1)])
            return Node("s", "MID$({},{},{})", [self.str(depth - 1), self.small_arg(depth - 1),
                                                 self.small_arg(depth - 1)])
        return Node("s", "({})", [self.str(depth - 1)])

    def nested_str(self, depth):
        """A string whose parts wait for each other: a join of a parenthesised join, a
        call inside a join, a comparison inside a call (the C64 holds three temporary
        strings; + takes one element)."""
        r = self.r
        if depth <= 0 or r.random() < 0.15:
            return self.str_leaf()
        pick = r.random()
        if pick < 0.45:
            return Node("s", "{}+({})", [self.str_leaf(), self.nested_str(depth - 1)])
        if pick < 0.6:
            fn = r.choice(["LEFT$", "RIGHT$", "MID$"])
            return Node("s", "{}+" + fn + "({},{})",
                        [self.str_leaf(), self.nested_str(depth - 1), self.small_arg(0)])
        if pick < 0.7:
            return Node("s", "{}+CHR$(64+LEN({}))", [self.str_leaf(), self.nested_str(depth - 1)])
        if pick < 0.8:  # (a string comparison last in a joined call leaks its flags:
            op = r.choice(["=", "<", ">"])  # FACTS.md, not modelled, so +1 after it)
            return Node("s", "{}+STR$((({})" + op + "{})+1)",
                        [self.str_leaf(), self.nested_str(depth - 1), self.str_leaf()])
        if pick < 0.9:
            return Node("s", "{}+{}", [self.nested_str(depth - 1), self.str(1)])
        # A number joined (in parentheses: a - after the + stops cbmbasic).
        return Node("s", "{}+({})", [self.str_leaf(), self.num(1)])

    def char_code(self, depth):
        r = self.r
        if r.random() < 0.8:
            return leaf("n", str(r.choice(list(range(32, 96)) + [-1, 256, 65.5])))
        return self.num(depth - 1)

    # --- programs ------------------------------------------------------------------
    def setup(self):
        """Lines that give the variables values (most of the time)."""
        r = self.r
        stmts = []
        for v in NUM_VARS + INT_VARS:
            if r.random() < 0.8:
                stmts.append(v + "=" + self.number_text())
        for v in STR_VARS:
            if r.random() < 0.8:
                stmts.append(v + "=" + self.str_leaf().text() if r.random() < 0.5
                             else v + '="' + "".join(r.choice("AB1 .") for _ in range(r.randint(0, 5))) + '"')
        if r.random() < 0.3:
            stmts.append("R=RND(-" + str(r.randint(1, 99999)) + ")")
        lines, cur = [], ""
        for s in stmts:
            if len(cur) + len(s) + 1 > 70:
                lines.append(cur)
                cur = ""
            cur = s if not cur else cur + ":" + s
        if cur:
            lines.append(cur)
        return lines

    def print_items(self, trees, at_start):
        """A PRINT statement's text for these expression trees (a format and its trees);
        a comma, TAB or POS first only when the column is 0 (`at_start`)."""
        r = self.r
        fmt = "PRINT "
        if at_start and r.random() < 0.1:
            fmt += r.choice([",", "TAB(" + str(r.randint(0, 30)) + ");", "POS(0);",
                             "SPC(" + str(r.randint(0, 12)) + ");"])
        for i, _ in enumerate(trees):
            fmt += "{}"
            if i + 1 < len(trees):
                fmt += r.choice([";", ";", ";", "", " ", ";SPC(2);"])
        fmt += r.choice(["", "", "", ";"])
        return fmt

    def expr_program(self):
        r = self.r
        lines = self.setup()
        stmts = []
        at_start = True
        for _ in range(r.randint(1, 3)):
            trees = []
            for _ in range(r.randint(1, 3)):
                d = r.randint(1, 4)
                trees.append(self.num(d) if r.random() < 0.65 else self.str(d))
            if r.random() < 0.05:
                trees.append(Node("n", "RND(1)"))
            fmt = self.print_items(trees, at_start)
            at_start = not fmt.endswith(";")
            stmts.append((fmt, trees))
        return lines, stmts

    def strings_program(self):
        """PRINTs of nested strings, their lengths and comparisons, a - before some."""
        r = self.r
        lines = self.setup()
        stmts = []
        for _ in range(r.randint(1, 3)):
            d = r.randint(2, 5)
            pick = r.random()
            if pick < 0.6:
                trees = [self.nested_str(d)]
            elif pick < 0.8:
                trees = [Node("n", "LEN({})", [self.nested_str(d)])]
            else:
                sign = r.choice(["", "-", "--", "NOT "])
                trees = [Node("n", sign + "{}" + r.choice(["=", "<", ">", "<>"]) + "{}",
                              [self.nested_str(d - 1), self.str_leaf()])]
            stmts.append(("PRINT {}", trees))
        return lines, stmts

    def random_number(self):
        """A number of any size with up to 12 significant digits, as a literal."""
        r = self.r
        digits = "".join(r.choice("0123456789") for _ in range(r.randint(1, 12)))
        text = digits[:1] + "." + digits[1:] if len(digits) > 1 else digits
        exp = r.choice([0, 0, 0, r.randint(-12, 12), r.randint(-38, 37)])
        sign = "-" if r.random() < 0.3 else ""
        return sign + text + ("E" + str(exp) if exp else "")

    def arith_program(self):
        """Arithmetic and the functions on random numbers, several results a line: the
        5-byte arithmetic, its rounding and PRINT's number text."""
        r = self.r
        stmts = []
        for _ in range(r.randint(2, 4)):
            trees = []
            for _ in range(r.randint(2, 4)):
                a, b = leaf("n", self.random_number()), leaf("n", self.random_number())
                pick = r.random()
                if pick < 0.6:
                    op = r.choice(["+", "-", "*", "/", "^", "+", "-", "*", "/"])
                    if op == "^":
                        a = leaf("n", str(abs(float(a.text())) % 100).upper())
                        b = leaf("n", str(r.uniform(-8, 8))[:r.randint(3, 10)].upper())
                    trees.append(Node("n", "{}" + op + "({})", [a, b]))
                elif pick < 0.85:
                    fn = r.choice(["INT", "ABS", "SGN", "SQR", "EXP", "LOG", "SIN", "COS",
                                   "TAN", "ATN"])
                    x = a
                    if fn in ("SQR", "LOG"):
                        x = leaf("n", a.text().lstrip("-"))
                    if fn == "EXP":
                        x = leaf("n", str(r.uniform(-80, 80))[:r.randint(3, 12)].upper())
                    trees.append(Node("n", fn + "({})", [x]))
                else:
                    trees.append(Node("n", r.choice(["VAL(STR$({}))", "{}*1", "-{}",
                                                     "INT({}*100+.5)/100"]), [a]))
            fmt = "PRINT " + ";".join("{}" for _ in trees)
            stmts.append((fmt, trees))
        return [], stmts

    # Token soup: a statement keyword and a few random tokens (parse and error order).
    # No keyword whose result depends on the host or the disk, or that never ends
    # (RUN, CONT, WAIT, GET, INPUT, SYS, USR, PEEK, POKE, FRE, RND, TI, ST, file I/O, NEW).
    SOUP_STATEMENTS = ["PRINT", "PRINT", "PRINT", "LET A=", "A=", "A$=", "A%=", "IF",
                       "DIM", "FOR", "NEXT", "GOTO", "GOSUB", "ON", "DEF", "READ",
                       "RESTORE", "RETURN", "END", "STOP", "CLR", "DATA", "REM", "?",
                       "LIST", "GO TO"]
    SOUP_TOKENS = ["1", "0", "-1", "2.5", "1E3", ".", "A", "B", "A$", "B$", "A%", "AB",
                   "C(", "C$(", "FNA(", '"X"', '""', "+", "-", "*", "/", "^", "=", "<",
                   ">", "<>", "AND", "OR", "NOT", "(", ")", ",", ";", ":", "TO", "STEP",
                   "THEN", "GOTO", "GOSUB", "SGN(", "INT(", "ABS(", "SQR(", "LEN(",
                   "ASC(", "CHR$(", "STR$(", "VAL(", "LEFT$(", "RIGHT$(", "MID$(", "SPC(",
                   "TAB(", "FN", "10", "20", "100", " ", "PRINT", "IF", "E", "Z", "%", "$",
                   "#", "'", "&", "@", "[", "!", "255", "256", "32768", "-32768", "1E38",
                   "65535", "A%(", "NEXT", "ON", "DIM", "READ", "I", "FOR", "=", "A$+A$",
                   ".5", "-.5", "9.99999999E9", "1E-39"]

    def soup_program(self):
        r = self.r
        lines = ['A=2:B=-3:A$="AB":B$="":A%=7:AB=.5:DIM C(3),C$(3):DEF FNA(X)=X*2']
        parts = []
        for _ in range(1 if r.random() < 0.7 else r.randint(2, 3)):
            stmt = r.choice(self.SOUP_STATEMENTS)
            toks = [r.choice(self.SOUP_TOKENS) for _ in range(r.randint(0, 7))]
            if stmt in ("PRINT", "?"):  # a comma moves by cbmbasic's column, always 0
                toks = [";" if t == "," else t for t in toks]
            parts.append(stmt + (" " if r.random() < 0.5 else "") + "".join(
                t + (" " if r.random() < 0.3 else "") for t in toks))
        text = ":".join(parts)
        body = [text.replace("{", "{{").replace("}", "}}")]
        body.append('PRINT "/"')
        if "GOSUB" in text or "GOTO" in text or "ON" in text:
            body += ["END", "100 PRINT \"L100\":RETURN"]
        return lines, [(b, []) for b in body]

    def stmt_program(self):
        """Statement sequences: arrays, loops, GOSUB, ON, DEF FN, READ/DATA, IF."""
        r = self.r
        lines = self.setup()
        n = lambda: self.num(r.randint(0, 2))
        s = lambda: self.str(r.randint(0, 2))
        pick = r.randint(0, 9)
        body = []
        if pick == 0:
            dim = r.choice(["3", "10", "2,3", "0", "1,1,1"])
            name = r.choice(["C", "C%", "C$", "AR"])
            idx = r.choice(["0", "1", "2", "3", "3.9", "11", "-1", "X", "A%"])
            if "," in dim:
                idx = ",".join([idx] * (dim.count(",") + 1))
            val = ('"V"+' + s().text() if name.endswith("$") else n().text())
            body = ["DIM " + name + "(" + dim + ")",
                    name + "(" + idx + ")=" + val,
                    "PRINT " + name + "(" + idx + ");" + name + "(0)"]
            if r.random() < 0.3:
                body.append("DIM " + name + "(2)")
        elif pick == 1:
            st = r.choice(["1", "-1", ".1", ".3", "0", "2.5", "-.7", "1E-9", "1/3", "X"])
            a, b = r.choice(["1", "0", "-2", "1.5", "X", "10"]), r.choice(["3", "1", "0", "-3", "2.2", "X"])
            body = ["FOR J=" + a + " TO " + b + " STEP " + st,
                    "PRINT J;:C=C+1:IF C>40 THEN END",
                    r.choice(["NEXT", "NEXT", "NEXT J", "NEXT J,C(1)", "NEXT J,)"]), "PRINT J"]
        elif pick == 2:
            body = ["GOSUB 100:PRINT \"B\";" + n().text(), "END",
                    "100 PRINT \"S\";" + n().text() + ":RETURN"]
        elif pick == 3:
            k = r.choice(["0", "1", "2", "3", "4", "-1", "255", "256", "1.9", "X", ".5"])
            entries = r.choice(["100,110,120", "100,110,120", "100,64000,120", "64000,110"])
            body = ["ON " + k + r.choice([" GOTO ", " GOSUB "]) + entries,
                    "PRINT \"NONE\":END", "100 PRINT \"A\":END", "110 PRINT \"B\":END",
                    "120 PRINT \"C\":END"]
        elif pick == 4:
            fn = r.choice(["X*2+1", "SIN(X)", "X^2-Y", "INT(X/3)", "FNB(X)+1", "LEN(A$)+X"])
            body = ["DEF FNB(X)=X+" + str(r.randint(0, 9)), "DEF FNA(X)=" + fn,
                    "PRINT FNA(" + n().text() + ");X;FNB(" + n().text() + ")"]
        elif pick == 5:
            items = [r.choice(["1", "-2.5", "ABC", '"A,B"', "", " 7 ", "1E3", "X", "1.2.3",
                               '"Q"', "+5", ".", "-"]) for _ in range(r.randint(1, 5))]
            reads = r.choice(["D", "D$", "D,E", "D$,E$", "D%"])
            body = ["READ " + reads + ":PRINT " + reads.replace(",", ";"),
                    "READ " + reads + ":PRINT " + reads.replace(",", ";"),
                    "DATA " + ",".join(items)]
            if r.random() < 0.3:
                body.insert(1, "RESTORE")
        elif pick == 6:
            body = ["S$=\"\":FOR J=1 TO " + r.choice(["3", "10", "50", "300"]),
                    "S$=S$+" + r.choice(['"AB"', "CHR$(65+J)", "STR$(J)", "MID$(\"XYZ\",J)",
                                         'LEFT$("ABCDE",J)']),
                    "NEXT:PRINT LEN(S$);LEFT$(S$,20);RIGHT$(S$,5)"]
        elif pick == 7:
            c = r.choice(["A$=B$", "A$<B$", "A$>\"\"", "LEN(A$)", "\"A\"<\"B\"",
                          "A$+B$>=\"AB\"", "A$<>\"\""])
            body = ["IF " + c + " THEN PRINT \"T\"", "IF " + c + " GOTO " + "100",
                    "PRINT \"F\":END", "100 PRINT \"G\""]
        elif pick == 8:
            body = ["A%=" + n().text() + ":PRINT A%", "I%=" + n().text() + "/2:PRINT I%;A%+I%"]
        else:
            body = ["X=RND(-" + str(r.randint(1, 65535)) + ")",
                    "PRINT RND(1);RND(" + r.choice(["1", "2", ".5", "X", "100"]) + ")",
                    "PRINT INT(RND(1)*100);RND(-X)"]
        return lines, [(b.replace("{", "{{").replace("}", "}}"), []) for b in body]


    # The syntax mode's statement forms: {n} a number's place, {s} a string's, {l} a line's,
    # {v} a variable's. Left out: what cbmbasic cannot do or waits for (the disk, the
    # keyboard, SYS, WAIT, LOAD/SAVE/VERIFY, OPEN/CMD/PRINT#/INPUT#/GET#, CLOSE: cbmbasic's
    # own KERNAL calls a file not open an error, the C64's does not), USR (cbmbasic stops).
    SYNTAX_FORMS = [
        "POKE 828+{n},{n}", "PRINT PEEK(828+{n})", "DIM Q({n})", "DIM Q({n},{n})", "DIM Q$({n})",
        "FOR J={n} TO {n}:NEXT J", "FOR J={n} TO {n} STEP {n}:NEXT", "NEXT {v}",
        "ON {n} GOTO {l},{l}", "ON {n} GOSUB {l}", "GOTO {l}", "GOSUB {l}", "RUN {l}",
        "LIST {l}", "LIST {l}-{l}", "RESTORE", "RESTORE {l}", "RETURN", "CLR", "END", "STOP",
        "DEF FNQ({v})={n}", "DEF FN Q(X)=X*{n}:PRINT FNQ({n})",
        "IF {n} THEN {l}", "IF {n} GOTO {l}", "IF {s} THEN PRINT 1", "LET A={n}",
        "A$={s}", "A%={n}", "READ A:DATA {n}", "READ A$:DATA {s}", "READ A,B:DATA 1",
        "PRINT {n};{s}", "PRINT TAB({n})", "PRINT SPC({n})", "PRINT CHR$({n})",
        "PRINT LEFT$({s},{n})", "PRINT MID$({s},{n},{n})", "PRINT MID$({s},{n})",
        "PRINT RIGHT$({s},{n})", "PRINT ASC({s})", "PRINT VAL({s})", "PRINT STR$({n})",
        "PRINT LEN({s})", "PRINT FRE({n})>0", "PRINT POS({n})",
        "PRINT SGN({n});INT({n});ABS({n})", "PRINT SQR({n})", "PRINT LOG({n})",
        "PRINT EXP({n})", "PRINT SIN({n});COS({n});TAN({n});ATN({n})", "PRINT RND({n})>=0",
        "PRINT {n} AND {n}", "PRINT NOT {n}", "PRINT {n} OR {n}", "REM {s}", "DATA {n},{s}",
        "NEW", "A(1)={n}", "X(1)={n}", "A$(1)={s}", "DIM A({n}):A({n})={n}",
        "FOR J={n} TO {n} STEP {n}", "FOR {v}=1 TO 2:NEXT", "NEXT J,{v}", "GOSUB {l}:PRINT 2",
        "ON {n} GOSUB {l},{l}:PRINT 2", "READ {v}:DATA {n}", "READ A:DATA {s}",
        "IF {n} THEN PRINT {n}", "IF {n} THEN {l}:PRINT 3", "IF {n} GOTO {l}", "PRINT {s}{n}",
        "PRINT {n}{s}", "PRINT {n}{n}", "PRINT {s};{s};", "PRINT SPC({n});{n}",
        "PRINT CHR$({n})+{s}", "PRINT {s}+CHR$({n})", "PRINT VAL({s})+{n}",
        "PRINT LEFT$({s},{n})+RIGHT$({s},{n})", "PRINT STR$({n})+{s}", "X={n}:PRINT X",
        "A$={s}+{s}", "PRINT -{n};-({n})", "PRINT ({n})*({n})", "PRINT {n}^{n}",
        "PRINT {n}/{n}", "PRINT {n}={n};{s}={s};{n}<{n}", "PRINT {s}<{s}",
        "PRINT INT({n})+ABS({n})", "PRINT LEN({s}+{s})", "PRINT ASC({s}+{s})",
        "STOP:PRINT 1", "END:PRINT 1", "REM:PRINT {n}", "RESTORE:READ A:DATA {n}",
    ]
    # What the syntax mode leaves out: PEEK of a string and IF of a string (the FAC's
    # leftovers, not modelled: FACTS.md; LOG("") too), PEEK below 828 (cbmbasic's zero page
    # is its own) or of the screen at 1024 (cbmbasic has none), and a comma after PRINT's
    # first item (cbmbasic's column is always 0), and a - right after a join's + (cbmbasic
    # stops).
    SYNTAX_LEFT_OUT = [r"PEEK\([^)]*[\"$]", r"PEEK\(828\+(-|25[56])", r"IF (\"|A\$|CHR)",
                       r"PRINT .*,", r"LOG\(\"\"\)", r"[\")$]\+-"]
    SYNTAX_NUMBERS = ["1", "0", "-1", "255", "256", "65535", "65536", "1E10", "-32768",
                      "32767", "2.5", "X", "A%", "(1)", "-.5", "1E-9"]
    SYNTAX_STRINGS = ['"A"', '""', "A$", 'CHR$(65)', '"AB"+"C"']
    SYNTAX_LINES = ["100", "0", "63999", "64000", "65535", "X", "", "100.5", "1E2"]
    SYNTAX_JUNK = ["", "", "", " 1", ",", ")", ":", " X", ";", "(", " A$", "'", " TO 2",
                   " THEN", "-", "=1", ",1", " STEP 1", " GOTO 100", " FN", " NOT", "+", "*",
                   "^", "<", " AND", " OR 1", "$", "%", ".", ":PRINT 9", "\"", " ELSE"]

    def syntax_program(self):
        """One statement form with its arguments right, left out, of the wrong type or
        out of range, and junk after it: what the ROM reads, runs and refuses."""
        while True:
            lines, body = self.syntax_candidate()
            if not any(re.search(p, body[0][0]) for p in self.SYNTAX_LEFT_OUT):
                return lines, body

    def syntax_candidate(self):
        r = self.r
        form = r.choice(self.SYNTAX_FORMS)
        def fill(kind, fresh):
            roll = r.random()
            if roll < 0.1:
                return ""  # left out
            if roll < 0.2:  # the other type
                return r.choice(self.SYNTAX_STRINGS if kind != "s" else self.SYNTAX_NUMBERS)
            pool = {"n": self.SYNTAX_NUMBERS, "s": self.SYNTAX_STRINGS,
                    "l": self.SYNTAX_LINES, "v": ["X", "J", "A$", "A%", "X(1)", ""]}[kind]
            return r.choice(pool)
        text, i = "", 0
        while i < len(form):
            if form[i] == "{":
                kind = form[i + 1]
                text += fill(kind, True)
                i += 3
            else:
                text += form[i]
                i += 1
        text += r.choice(self.SYNTAX_JUNK)
        body = [text.replace("{", "{{").replace("}", "}}"), 'PRINT "/"', "END",
                '100 PRINT "L100":RETURN']
        lines = ['X=3:A%=2:A$="Q":DIM X(2)']
        return lines, [(b, []) for b in body]


def listing(setup, stmts):
    lines = []
    no = 10
    for s in setup:
        lines.append("%d %s" % (no, s))
        no += 10
    for fmt, trees in stmts:
        text = fmt.format(*[t.text() for t in trees])
        if text[:3].isdigit():  # a line with its own number
            lines.append(text)
        else:
            lines.append("%d %s" % (no, text))
            no += 10
    return "\n".join(lines) + "\n"


class Runner:
    def __init__(self, cbm, amazing):
        self.cbm, self.amazing = os.path.abspath(cbm), os.path.abspath(amazing)
        self.dir = tempfile.mkdtemp(prefix="c64fuzz")

    def cbmbasic(self, text):
        path = os.path.join(self.dir, "PROG.BAS")
        with open(path, "wb") as f:
            f.write(text.replace("\n", "\r\n").encode("latin-1"))
        try:
            out = subprocess.run([self.cbm, "PROG.BAS"], cwd=self.dir, stdin=subprocess.DEVNULL,
                                 capture_output=True, timeout=5).stdout
        except subprocess.TimeoutExpired:
            return None
        return out.replace(b"\r\n", b"\n")

    def ours(self, text):
        path = os.path.join(self.dir, "prog.bas")
        with open(path, "wb") as f:
            f.write(text.encode("latin-1"))
        try:
            return subprocess.run([self.amazing, "basic", path, "--machine", "c64",
                                   "--max-steps", "2000000"], stdin=subprocess.DEVNULL,
                                  capture_output=True, timeout=10).stdout
        except subprocess.TimeoutExpired:
            return None

    def differs(self, text):
        a = self.cbmbasic(text)
        if a is None:  # cbmbasic hung (its loops never end): nothing to compare
            return None
        b = self.ours(text)
        return (a, b) if a != b else None


def shrink(runner, setup, stmts):
    """Cut expression trees down while the outputs still differ."""
    changed = True
    while changed:
        changed = False
        # Drop whole statements and setup lines.
        for i in range(len(stmts)):
            trial = stmts[:i] + stmts[i + 1:]
            if trial and runner.differs(listing(setup, trial)):
                stmts, changed = trial, True
                break
        if changed:
            continue
        for i in range(len(setup)):
            for j, part in enumerate(setup[i].split(":")):
                parts = setup[i].split(":")
                del parts[j]
                trial = setup[:i] + ([":".join(parts)] if parts else []) + setup[i + 1:]
                if runner.differs(listing(trial, stmts)):
                    setup, changed = trial, True
                    break
            if changed:
                break
        if changed:
            continue
        # Replace a subtree by one of its own subtrees of its kind, or by a leaf.
        for fmt, trees in stmts:
            for t in trees:
                for node in list(t.subtrees()):
                    subs = [k for k in node.subtrees() if k is not node and k.kind == node.kind]
                    subs += [leaf("n", "1")] if node.kind == "n" else [leaf("s", '"A"')]
                    for sub in subs:
                        saved = (node.fmt, node.kids)
                        node.fmt, node.kids = sub.fmt, list(sub.kids)
                        if sub.size() < len(saved[1]) + 1 + sum(k.size() for k in saved[1]) and \
                                runner.differs(listing(setup, stmts)):
                            changed = True
                            break
                        node.fmt, node.kids = saved
                    if changed:
                        break
                if changed:
                    break
            if changed:
                break
    return setup, stmts


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--cbm", default="/tmp/cbmbasic/cbmbasic")
    p.add_argument("--amazing", default="build/amazing")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--count", type=int, default=1000)
    p.add_argument("--mode", choices=["expr", "stmt", "arith", "soup", "strings", "syntax", "all"], default="all")
    p.add_argument("--out", default="/tmp/c64fuzz-out")
    p.add_argument("--no-shrink", action="store_true")
    args = p.parse_args()
    os.makedirs(args.out, exist_ok=True)
    runner = Runner(args.cbm, args.amazing)
    rng = random.Random(args.seed)
    gen = Gen(rng)
    programs = exprs = differed = hung = 0
    for k in range(args.count):
        modes = ["expr", "stmt", "soup", "arith", "strings", "syntax"]
        mode = args.mode if args.mode != "all" else modes[k % len(modes)]
        setup, stmts = {"expr": gen.expr_program, "stmt": gen.stmt_program,
                        "arith": gen.arith_program, "soup": gen.soup_program,
                        "strings": gen.strings_program, "syntax": gen.syntax_program}[mode]()
        text = listing(setup, stmts)
        if any(len(line) > 79 for line in text.splitlines()):
            continue
        programs += 1
        exprs += sum(len(t) for _, t in stmts) or 1
        a = runner.cbmbasic(text)
        if a is None:
            hung += 1
            continue
        b = runner.ours(text)
        if a == b:
            continue
        differed += 1
        if not args.no_shrink:
            setup, stmts = shrink(runner, setup, stmts)
            text = listing(setup, stmts)
            got = runner.differs(text)
            a, b = got if got else (a, b)
        name = os.path.join(args.out, "diff%04d" % differed)
        with open(name + ".bas", "w", encoding="latin-1") as f:
            f.write(text)
        with open(name + ".cbm", "wb") as f:
            f.write(a)
        with open(name + ".ours", "wb") as f:
            f.write(b or b"")
        print("differs: %s.bas (program %d)" % (name, k), flush=True)
    print("seed %d: %d programs, %d expressions, %d differed, %d hung on cbmbasic"
          % (args.seed, programs, exprs, differed, hung))
    return 1 if differed else 0


if __name__ == "__main__":
    sys.exit(main())
