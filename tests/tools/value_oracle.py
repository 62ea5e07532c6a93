#!/usr/bin/env python3
"""The value oracle: every value pygate's analysis claims is CPython's.

    value_oracle.py PYGATE_VALUES [--count N] [--seed S] [--jobs J] [--python PY]
                    [--piece-size N] [--time-limit SECONDS] [--save-dir DIR]

Generates N seeded cases. A case is a few statements of pure Python ending in
a tracked assignment `v<i> = EXPR` (inside a function, a loop or a class
body, or at module level), over the operations pygate's constant folder and
possible_strings understand and their neighbours: str, bytes and bytearray
methods with every argument form, codecs by every name and alias CPython
knows, slicing, %-formatting, str.format, f-strings, joins, chr/ord/int/hex,
containers, conditional expressions, names bound through functions,
parameters, loops and class attributes, non-ASCII text.

CPython evaluates each case (a piece of 250 cases, --piece-size, in a CPython
process of its own, with a memory limit, a two-second alarm per case and a
wall bound per piece; a case is compiled and run alone, in a fresh
namespace), recording
every value the tracked name takes and whether the tracked statement raised.
pygate-values (tests/tools/pygate_values.cpp) prints what pygate believes of
the same statements. A mismatch fails the run:
  fold-differs     pygate folds a value CPython's differs from (type or content)
  fold-raised      pygate folds a value where CPython raised
  set-incomplete   a set of possible strings marked complete lacks CPython's value
  path-differs     the path pygate folds (Model::fold_path, what the filesystem
                   rule reads) names another path than CPython's value
  size-over        a size estimate above what CPython built (the size rules
                   deny on it, so it must be a lower bound); an `exact` size
                   that differs; a size of another kind than CPython's value
A piece whose CPython dies or outlives its bound is named in the report and
left out; more than a tenth of the cases lost so is a harness error. A case
that stops on a module this CPython lacks (pyodide's has no numpy) before its
tracked line is not judged either, and the report counts it per module.
The CPython is the one running this script, or with --python PY that one
(another version, such as tests/tools/pyodide_install.sh's: this script runs
under it for each piece); `pygate check` is then told its version with
--target-version when it has that option (tests/tools/target_interpreter.py).
Exit status: 0 when no case mismatches, 1 otherwise, 2 on a harness error.
"""

import argparse
import json
import math
import pickle
import os
import platform
import random
import re
try:
    import resource
except ImportError:  # pyodide's CPython has none; its WebAssembly memory has a bound of its own
    resource = None
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path, PurePosixPath

from target_interpreter import describe, target_arguments

# --- the generator ---------------------------------------------------------

ASCII_WORDS = ["", "a", "ab", "abc", "x__class__x", "__class__", "__globals__", "eval", "  pad  ", "A-b_C",
               "Hello World", "hello world", "mIxEd CaSe", "1a2b", "a1b2c3", "\t\n x \r\x0b\x0c", "%s", "%d",
               "{}", "{0}", "{a}", "{{}}", "}", "{", "%", "%%", "x%sy", "x%dy%s", "{}{}", "{0}{1}", "{}{0}",
               "{!r}", "{:>5}", "{0.real}", "sys", "os", "xyx", "aaa", "abcabc", ",", ", ", "-", "_", "0123456789",
               "ff", "FF", "-12", "0x1f", "1_000", " 42 ", "zz", "777", "101", "7fffffffffffffff", "gAAAA",
               "YWJj", "YWI=", "YQ==", "YW=", "Y W", "Zm9v\n", "-_-_", "+/+/", "616263", "61 62", "6", "6g"]
NON_ASCII = ["\u1680a\u2000\u200a\u2029\u202f\u205f\x1d\x1e\x1f\x0b\x0c\r\x85 b\u2028", "ß", "ſ", "İ", "ı", "ﬁ", "e\u0301", "é", "Σ", "ς", "ǅ", "Å", "\u0130i", "straße", "ＡＢＣ", "😀",
             "\u00a0", "\u2028", "\u3000", "\u0085", "\x1c", "\u200b", "ΐ", "ŉ", "\ufb03", "µ"]
SURROGATE_BYTES = ["\\x00\\xdc", "\\x00\\xd8a\\x00", "\\xdc\\x00", "\\x3d\\xd8\\x00\\xde", "\\xd8\\x3d\\xde\\x00",
                   "\\x00\\xd8\\x00\\xd8", "\\x3d\\xd8", "\\xe0\\x80\\x80", "\\xf0\\x80\\x80\\x80", "\\xf4\\x90\\x80\\x80"]
HEX_BASE64_BYTES = ["6g", "g6", "61 62", "6", "YW_-", "YW-_", "YR==", "YWI", "YQ=", "Y===", "61\\t62", "YW\\nJj"]
SURROGATE_LITERALS = ['"\\ud800"', '"a\\udc80b"', '"\\U0001f600"', '"\\N{LATIN SMALL LETTER A}"', '"\\x00"',
                      '"\\777"', '"\\1"', '"\\u00df"', "'\\''", '"\\\\"', '"a\\\nb"']
BYTES_LITERALS = ['b""', 'b"a"', 'b"abc"', 'b"x__class__x"', 'b"__class__"', 'b"\\xff\\xfe"', 'b"\\xc3\\x9f"',
                  'b"_\\x00_\\x00c\\x00l\\x00a\\x00s\\x00s\\x00_\\x00_\\x00"',
                  'b"\\x00_\\x00_\\x00c\\x00l\\x00a\\x00s\\x00s\\x00_\\x00_"', 'b"\\xed\\xa0\\x80"',
                  'b"\\xf0\\x9f\\x98\\x80"', 'b"\\x3d\\xd8\\x00\\xde"', 'b"\\x00\\xd8"', 'b"\\x80"', 'b"  b  "',
                  'b"616263"', 'b"YWJj"', 'b"YWI="', 'b"+AGEAYg-"', 'b"\\\\u0041"', 'b"\\\\x41"', 'b"\\xe9"',
                  'b"\\x81\\x82\\x40"', 'rb"\\x41"', 'B"Ab"', 'b"\\t\\n x \\r"', 'b"%s"', 'b"%d"', 'b"a,b"',
                  'b"\\x00\\xdc"', 'b"\\x00\\xd8a\\x00"', 'b"\\xdc\\x00"', 'b"\\xe0\\x80\\x80"', 'b"\\xf0\\x80\\x80\\x80"',
                  'b"\\xf4\\x90\\x80\\x80"', 'b"zz"', 'b"YW_-"', 'b"YR=="', 'b"YWI"', 'b"61\\t62\\x0b63\\x0c\\r\\n"',
                  'b"\\x0b\\x0c a \\r\\n\\t"', 'b"\\xef\\xbb\\xbfabc"', 'b"\\xff\\xfea\\x00"', 'b"\\xfe\\xff\\x00a"', 'b"xyx"', 'b"\\x00"']
INTS = ["0", "1", "2", "3", "-1", "-2", "5", "7", "10", "16", "36", "37", "1", "97", "0x61", "0o17", "0b101",
        "1_0", "65", "255", "256", "0x10FFFF", "0x110000", "0xD800", "0xDFFF", "-5", "100", "10**3", "2**63",
        "9223372036854775807", "-9223372036854775808", "99999999999999999999", "(1 << 70)", "True", "False",
        "3 - 5", "2 * 3", "7 // 2", "-7 // 2", "7 % -3", "-7 % 3", "1 // 0", "5 % 0", "len('abc')"]
SMALL_INTS = ["0", "1", "2", "3", "-1", "-2", "-3", "5", "10", "100", "-100", "2**62", "-(2**62)",
              "9999999999999999999", "None"]

CODEC_NAMES = sorted(set([
    "utf-8", "utf8", "UTF-8", "Utf_8", "u8", "utf", "UTF", "utf 8", "utf--8", " utf8 ", "utf8\t", "utf.8",
    "utf8_ucs2", "utf8-ucs4", "cp65001", "utf-8-sig", "utf_8_sig", "UTF8-SIG",
    "ascii", "ASCII", "us-ascii", "us_ascii", "646", "ansi_x3.4_1968", "ansi_x3_4_1968", "cp367", "csascii",
    "ibm367", "iso646-us", "iso_ir_6", "us", "latin-1", "latin_1", "latin1", "LATIN-1", "l1", "latin",
    "iso-8859-1", "iso8859-1", "iso_8859_1", "8859", "cp819", "ibm819", "iso-ir-100", "csisolatin1",
    "iso_8859_1_1987", "iso8859", "iso-8859-15", "utf-16", "utf16", "utf-16-le", "UTF-16LE", "utf_16le",
    "utf-16be", "utf-16-be", "unicodelittleunmarked", "UnicodeBigUnmarked", "utf-32", "utf-32-le", "utf-32be",
    "utf-7", "utf7", "unicode_escape", "unicode-escape", "raw_unicode_escape", "raw-unicode-escape",
    "cp037", "ebcdic-cp-us", "cp500", "cp1140", "cp1252", "cp437", "koi8-r", "mac-roman", "shift_jis",
    "euc-jp", "gb2312", "big5", "idna", "punycode", "charmap", "undefined", "rot13", "rot_13", "ROT-13",
    "rot-13", "hex", "hex_codec", "HEX", "base64", "base_64", "base64_codec", "base-64", "uu", "zlib", "bz2",
    "quopri", "nope", "", "utf-8\x00", "utfé8", "utf_8é", "ＵＴＦ-8", "latin 1", "-utf-8-", "_ascii_",
]))
ERRORS = ["strict", "ignore", "replace", "surrogateescape", "surrogatepass", "backslashreplace",
          "xmlcharrefreplace", "namereplace", "STRICT", "bogus"]


class Gen:
    """Random expressions, each a string of Python source, over one case's names."""

    def __init__(self, rng, case):
        self.r = rng
        self.case = case
        self.prelude = []  # statements before the tracked one

    def pick(self, seq):
        chosen = self.r.choice(seq)
        return chosen() if callable(chosen) else chosen

    def chance(self, p):
        return self.r.random() < p

    def text_literal(self):
        c = self.r.random()
        if c < 0.55:
            return repr(self.pick(ASCII_WORDS))
        if c < 0.8:
            return repr(self.pick(NON_ASCII) + (self.pick(ASCII_WORDS) if self.chance(0.3) else ""))
        if c < 0.9:
            return self.pick(SURROGATE_LITERALS)
        return repr("".join(self.pick("ab_-x%{} .") for _ in range(self.r.randint(0, 6))))

    def int_atom(self):
        return self.pick(INTS) if self.chance(0.5) else self.pick(SMALL_INTS[:-1])

    def codec(self):
        return repr(self.pick(CODEC_NAMES))

    def str_expr(self, depth):
        out = self.str_expr_bare(depth)
        return out if out[:1] in "'\"bBrRfF" or out.isidentifier() else f"({out})"

    def str_expr_bare(self, depth):
        if depth <= 0 or self.chance(0.3):
            if self.chance(0.12):
                return self.fstring(depth)
            return self.text_literal()
        c = self.r.randrange(26)
        s = lambda: self.str_expr(depth - 1)
        b = lambda: self.bytes_expr(depth - 1)
        i = self.int_atom
        if c == 0:
            return f"{s()}.{self.pick(['lower', 'upper', 'casefold', 'swapcase', 'capitalize', 'title'])}()"
        if c == 1:
            m = self.pick(["strip", "lstrip", "rstrip"])
            return self.pick([lambda: f"{s()}.{m}()", lambda: f"{s()}.{m}({s()})", lambda: f"{s()}.{m}(None)", lambda: f"{s()}.{m}(chars={s()})",
                              lambda: f"{s()}.{m}({s()}, {s()})", lambda: f"{s()}.{m}({b()})"])
        if c == 2:
            return self.pick([lambda: f"{s()}.replace({s()}, {s()})", lambda: f"{s()}.replace({s()}, {s()}, {i()})",
                              lambda: f"{s()}.replace({s()}, {s()}, count={i()})", lambda: f"{s()}.replace({s()})",
                              lambda: f"{s()}.replace('', {s()})", lambda: f"{s()}.replace('', {s()}, {i()})"])
        if c == 3:
            return self.pick([lambda: f"{s()}.join([{s()}, {s()}])", lambda: f"{s()}.join(({s()},))", lambda: f"{s()}.join({s()})",
                              lambda: f"{s()}.join([])", lambda: f"{s()}.join([{s()}, {i()}])", lambda: f"{s()}.join(iterable=[{s()}])",
                              lambda: f"{s()}.join([{b()}])", lambda: f"''.join(reversed({s()}))", lambda: f"{s()}.join(x for x in {s()})"])
        if c == 4:
            return self.pick([lambda: f"{s()}.format({s()}, {s()})", lambda: f"{s()}.format({i()})", lambda: f"'{{}}-{{}}'.format({s()}, {i()})",
                              lambda: f"'{{0}}{{1}}{{0}}'.format({s()}, {s()})", lambda: f"'{{a}}'.format(a={s()})",
                              lambda: f"'{{}}{{0}}'.format({s()})", lambda: f"'{{!r}}'.format({s()})", lambda: f"'{{:>4}}'.format({s()})",
                              lambda: f"'{{}}'.format({b()})", lambda: f"'{{0}}'.format(*[{s()}])", lambda: f"'{{a}}'.format(**{{'a': {s()}}})",
                              lambda: f"'{{}}'.format({s()}, {b()})", lambda: f"'}}'.format()", lambda: f"'{{}}}}'.format({s()})",
                              lambda: f"{s()}.format_map({{'a': {s()}}})", lambda: f"format({s()})", lambda: f"format({i()})",
                              lambda: f"format({s()}, '')", lambda: f"format({s()}, '>5')", lambda: f"format({i()}, 'x')",
                              lambda: f"'{{a.x}}'.format(a={s()})"])
        if c == 5:
            return self.pick([lambda: f"{s()} % {s()}", lambda: f"{s()} % ({s()},)", lambda: f"{s()} % ({s()}, {i()})", lambda: f"{s()} % {i()}",
                              lambda: f"'%s-%s' % ({s()}, {s()})", lambda: f"'%d' % {i()}", lambda: f"'%i' % ({i()},)", lambda: f"'%s' % {b()}",
                              lambda: f"'%r' % {s()}", lambda: f"'%5s' % {s()}", lambda: f"'%s%%' % {s()}", lambda: f"'%' % ()", lambda: f"'a%' % ()",
                              lambda: f"'%s' % ()", lambda: f"'%(a)s' % {{'a': {s()}}}", lambda: f"'%d' % {s()}", lambda: f"'%x' % {i()}",
                              lambda: f"'%s %s' % ({s()},)", lambda: f"'x' % {s()}", lambda: f"'x' % ()"])
        if c == 6:
            return self.pick([lambda: f"{s()} + {s()}", lambda: f"{s()} * {i()}", lambda: f"{i()} * {s()}", lambda: f"{s()} + {b()}",
                              lambda: f"{s()} + {i()}", lambda: f"({s()} + {s()}) * 2"])
        if c == 7:
            return self.subscript(s(), i)
        if c == 8:
            return self.pick([lambda: f"chr({i()})", lambda: f"chr({self.pick(['0x110000', '0xD800', '-1', '97', '0x1F600', '223', '304'])})",
                              lambda: f"chr(i={i()})", lambda: f"chr()", lambda: f"chr('a')"])
        if c == 9:
            enc = self.codec()
            return self.pick([lambda: f"{b()}.decode({enc})", lambda: f"{b()}.decode()", lambda: f"{b()}.decode(encoding={enc})",
                              lambda: f"{b()}.decode({enc}, {self.err()})", lambda: f"{b()}.decode(errors={self.err()})",
                              lambda: f"{b()}.decode({enc}, errors={self.err()})", lambda: f"str({b()}, {enc})",
                              lambda: f"str({b()}, encoding={enc})", lambda: f"str({b()}, {enc}, {self.err()})", lambda: f"str({b()})",
                              lambda: f"str({s()}, {enc})", lambda: f"str(object={s()})", lambda: f"str()", lambda: f"str({i()})",
                              lambda: f"str({b()}, errors={self.err()})", lambda: f"bytearray({b()}).decode({enc})",
                              lambda: f"bytearray.fromhex({s()}).decode()", lambda: f"{s()}.decode({enc})"])
        if c == 10:
            enc = self.codec()
            return self.pick([lambda: f"codecs.decode({b()}, {enc})", lambda: f"codecs.decode({s()}, {enc})",
                              lambda: f"codecs.encode({s()}, {enc})", lambda: f"codecs.decode({b()})",
                              lambda: f"codecs.decode({b()}, encoding={enc})", lambda: f"codecs.decode(obj={b()}, encoding={enc})",
                              lambda: f"codecs.decode({b()}, {enc}, {self.err()})", lambda: f"codecs.encode({b()}, {enc})",
                              lambda: f"codecs.decode(codecs.encode({s()}, {enc}), {enc})"])
        if c == 11:
            return self.pick([lambda: f"str(int({s()}, {i()}))", lambda: f"str(int({s()}))", lambda: f"hex({i()})", lambda: f"str(ord({s()}))",
                              lambda: f"str({i()})", lambda: f"str(int({s()}, base={i()}))", lambda: f"hex(int({s()}, 16))",
                              lambda: f"str(len({s()}))", lambda: f"str({i()} + ord({s()}))"])
        if c == 12:
            return self.pick([lambda: f"({s()} if {self.cond()} else {s()})", lambda: f"({s()} if {self.cond()} else {s()}).upper()",
                              lambda: f"(lambda: {s()})()", lambda: f"[{s()}, {s()}][{i()}]", lambda: f"({s()}, {s()})[{i()}]",
                              lambda: f"{{'k': {s()}, 'j': {s()}}}['k']", lambda: f"{{{s()}: {s()}}}[{s()}]",
                              lambda: f"{{1: {s()}, '1': {s()}}}[{self.pick(['1', repr('1')])}]",
                              lambda: f"{{'k': {s()}}}.get('k')", lambda: f"{{'k': {s()}}}.get({s()}, {s()})", lambda: f"[{s()}, {s()}].pop()",
                              lambda: f"[{s()}, {s()}].pop(0)", lambda: f"[*[{s()}], {s()}][0]", lambda: f"{{**{{'k': {s()}}}, 'j': 1}}['k']",
                              lambda: f"({s()},)[{self.pick(['-1', '-2', '0', '1', '9999999999999999999'])}]"])
        if c == 13:
            return self.pick([lambda: f"{s()}.removeprefix({s()})", lambda: f"{s()}.removesuffix({s()})", lambda: f"{s()}.zfill({i()})",
                              lambda: f"{s()}.center({i()})", lambda: f"{s()}.ljust({i()}, {s()})", lambda: f"{s()}.expandtabs()",
                              lambda: f"{s()}.translate(str.maketrans({s()}, {s()}))", lambda: f"{s()}.translate({{97: {s()}}})",
                              lambda: f"str.maketrans({s()}, {s()})[97:98] if False else {s()}",
                              lambda: f"{s()}.partition({s()})[0]", lambda: f"{s()}.split({s()})[0]", lambda: f"{s()}.rsplit(maxsplit=1)[-1]",
                              lambda: f"{s()}.splitlines()[0]", lambda: f"{s()}.lower().upper()", lambda: f"{s()}[::-1].upper()"])
        if c == 14 and len(self.prelude) < 12:
            return self.name_bound(depth)
        if c == 15:
            return self.pick([lambda: f"base64.b64decode({s()}).decode()", lambda: f"base64.b64decode({b()}).decode({self.codec()})",
                              lambda: f"base64.urlsafe_b64decode({s()}).decode()", lambda: f"base64.standard_b64decode({b()}).decode()",
                              lambda: f"base64.decodebytes({b()}).decode()", lambda: f"base64.decodebytes({s()}).decode()",
                              lambda: f"base64.b64decode({s()}, validate=True).decode()", lambda: f"base64.b64encode({b()}).decode()",
                              lambda: f"bytes.fromhex({s()}).decode()", lambda: f"bytes.fromhex({b()}).decode()",
                              lambda: f"codecs.decode({b()}, 'hex').decode()", lambda: f"binascii.unhexlify({b()}).decode()"])
        if c == 16:
            return self.pick([lambda: f"{s()}.encode({self.codec()}).decode({self.codec()})",
                              lambda: f"{s()}.encode().decode('utf-16-le')", lambda: f"{s()}.encode('utf-16-le').decode()",
                              lambda: f"{s()}.encode({self.codec()}, {self.err()}).decode('latin-1')",
                              lambda: f"{s()}.encode(encoding={self.codec()}).hex()", lambda: f"{s()}.encode(errors='strict').decode()"])
        if c == 17:
            return self.fstring(depth)
        if c == 18:
            return self.pick([lambda: f"bytes({self.int_list()}).decode()", lambda: f"bytes({s()}, {self.codec()}).decode()",
                              lambda: f"bytes({s()}, encoding={self.codec()}).decode('latin-1')", lambda: f"bytes({s()}).decode()",
                              lambda: f"bytes({self.pick(['0', '3', '-1'])}).decode()", lambda: f"bytearray({self.int_list()}).decode()",
                              lambda: f"bytes({b()}).decode()", lambda: f"bytes().decode()",
                              lambda: f"bytes({self.int_list()}).decode({self.codec()})"])
        if c == 19:
            return self.pick([lambda: f"{s()}[{i()}:{i()}:{i()}]", lambda: f"{s()}[::{self.pick(['-1', '2', '-2', '3', '0'])}]",
                              lambda: f"{s()}[{i()}:]", lambda: f"{s()}[:{i()}]", lambda: f"{s()}[{i()}]"])
        if c == 20:
            return self.pick([lambda: f"{s()}.upper() if {s()} else {s()}", lambda: f"{s()} or {s()}", lambda: f"{s()} and {s()}",
                              lambda: f"min({s()}, {s()})", lambda: f"max({s()})", lambda: f"repr({s()})", lambda: f"ascii({s()})",
                              lambda: f"{s()}.strip().lower().replace({s()}, {s()})"])
        if c == 21:
            return self.pick([lambda: f"{b()}.decode('unicode_escape')", lambda: f"{b()}.decode('raw_unicode_escape')",
                              lambda: f"{b()}.decode('utf-7')", lambda: f"{b()}.decode('cp037')", lambda: f"{b()}.decode('utf-8-sig')",
                              lambda: f"{b()}.decode('utf-16')", lambda: f"{b()}.decode('utf_32')", lambda: f"{s()}.encode('idna').decode()",
                              lambda: f"{s()}.encode('utf-7').decode()", lambda: f"{s()}.encode('cp037').decode('cp037')"])
        if c == 22:
            return self.pick([lambda: f"{b()}.hex()", lambda: f"{b()}.decode().upper()", lambda: f"({b()} + {b()}).decode()",
                              lambda: f"({b()} * {i()}).decode()", lambda: f"{b()}[{i()}:{i()}].decode()", lambda: f"str({b()}[{i()}])",
                              lambda: f"{b()}.strip().decode()", lambda: f"{b()}.strip({b()}).decode()", lambda: f"{b()}.replace({b()}, {b()}).decode()",
                              lambda: f"{b()}.lower().decode()", lambda: f"{b()}.join([{b()}, {b()}]).decode()", lambda: f"{b()}.upper().decode('ascii')",
                              lambda: f"{b()}.title().decode()", lambda: f"{b()}.swapcase().decode()"])
        if c == 25:  # edges: 64-bit overflow, budgets, sizes past the folder's cap, argument errors
            return self.pick([
                lambda: f"str({self.pick(['-9223372036854775808', '9223372036854775807', '2**62', '-(2**62)'])} "
                        f"{self.pick(['//', '%', '+', '-', '*'])} {self.pick(['-1', '1', '0', '4', '-9223372036854775808'])})",
                lambda: f"str(-(-9223372036854775808))", lambda: f"str(+{i()})", lambda: f"str(~{i()})", lambda: f"str(-{i()})",
                lambda: f"{s()} * {s()}", lambda: f"{i()} * {b()}.decode()", lambda: "'a' * 70000",
                lambda: "(" + " + ".join([repr(self.pick(ASCII_WORDS))] * self.r.choice([50, 300])) + ")",
                lambda: "str(" + " + ".join(["1"] * self.r.choice([50, 300])) + ")",
                lambda: f"({s()}  # c\n if {self.cond()} else {s()})", lambda: "undefined_name_zz",
                lambda: f"[{s()}, {s()}][0:1][0]", lambda: f"{{bytearray(b'k'): {s()}}}[b'k']",
                lambda: f"{s()}.encode('utf-8', encoding='ascii').decode()", lambda: f"{s()}.replace({s()}, {s()}, count=1)",
                lambda: f"str({self.pick(['1234567890123456789012', '0o17', '0b1_0', '0x_1f', '1_000_000', '00'])})",
                lambda: f"{s()}.decode()" if self.chance(0.5) else f"{i()}.upper()", lambda: f"{i()}.decode()",
                lambda: f"str({s()}, {self.codec()}, {self.err()})", lambda: f"str({i()}, 'utf-8')",
                lambda: f"{b()}.hex({s()})", lambda: f"chr({s()})", lambda: f"int({s()}, {s()})", lambda: f"hex({s()})",
                lambda: f"format({i()}, {s()})", lambda: f"ord({b()})", lambda: f"str(ord({b()}[:1]))",
                lambda: f"bytes({s()}, encoding={self.codec()}, errors={self.err()}).decode()",
                lambda: f"{s()}.join(({s()}))", lambda: f"{s()}.removeprefix({b()})", lambda: f"{b()}.removeprefix({s()})",
                lambda: self.pick(["str(encoding='utf-8')", "str(errors='strict')", "bytes(encoding='utf-8')",
                                   "bytearray(errors='strict').decode()", "int(base=10)", "str(int(x='7', base=8))"]),
                lambda: f"str({b()}, errors={self.err()})", lambda: f"str({b()}, {self.codec()}, errors={self.err()})",
                lambda: f"bytes(({self.int_atom()}, {self.int_atom()}  # c\n)).decode()",
                lambda: f"bytes([{self.pick(['256', '-1', repr('a'), '0x41', '2**62'])}]).decode()",
                lambda: f"bytes({s()}, errors={self.err()}).decode()", lambda: f"bytes(bytearray({b()})).decode()",
                lambda: f"bytes({self.pick(['70000', '-1', '0', '2**62'])}).decode()[:3]",
                lambda: f"hex({self.pick(['-2147483648 * 4294967296', '-(2**62)', '-5', '0'])})",
                lambda: f"str({self.pick(['-2147483648 * 4294967296', '2147483648 * 4294967296', '-1 * -2147483648 * 4294967296'])} "
                        f"{self.pick(['//', '%', '+', '-', '*'])} {self.pick(['-1', '1', '0', '2'])})",
                lambda: "str(-(-2147483648 * 4294967296))",
                lambda: f"str((-2147483648 * 4294967296) {self.pick(['//', '%'])} -1)",
                lambda: f"str((3037000499 * 3037000499) {self.pick(['+', '*', '-'])} {self.pick(['(3037000499 * 3037000499)', '2', '-(3037000499 * 3037000499)'])})",
                lambda: f"str(-(3037000499 * 3037000499) - (3037000499 * 3037000499))",
                lambda: "('a' * 40000) + ('b' * 40000)", lambda: "str(1j)", lambda: "str(10j + 1)",
                lambda: f"'%s' % (({s()}, {s()}))", lambda: f"(({s()}, {s()}))[1]", lambda: f"''.join(([{s()}]))",
                lambda: f"bytes(([65, 66])).decode()", lambda: f"(([{s()}]))[0]", lambda: f"(({{'k': {s()}}}))['k']",
                lambda: f"{s()}.join", lambda: f"[{s()}.join][0]({s()})",
                lambda: f"{self.pick(['b' + chr(34) + x + chr(34) for x in SURROGATE_BYTES])}.decode({self.pick(['utf-16-le', 'utf-16-be', 'utf-8', 'latin-1'])!r})",
                lambda: f"codecs.decode({self.pick(['b' + chr(34) + x + chr(34) for x in HEX_BASE64_BYTES])}, {self.pick(['hex', 'base64', 'rot13'])!r})",
                lambda: f"base64.urlsafe_b64decode({self.pick(['b' + chr(34) + x + chr(34) for x in HEX_BASE64_BYTES])}).decode()",
                lambda: f"bytearray({b()}).{self.pick(['upper', 'lower', 'strip', 'hex'])}()",
                lambda: f"{s()}.casefold()", lambda: f"{b()}.casefold()",
                lambda: f"Path({self.pick(PATH_TEXTS)!r}).{self.pick(['with_suffix', 'with_name', 'relative_to'])}('x')",
                lambda: f"Path({self.pick(PATH_TEXTS)!r}).joinpath(*[{self.pick(PATH_TEXTS)!r}])",
                lambda: f"os.path.join({self.pick(PATH_TEXTS)!r}, **{{}})", lambda: f"Path.joinpath(Path('a'), 'b')",
                lambda: f"Path(Path({self.pick(PATH_TEXTS)!r})).expanduser().absolute().resolve()",
            ])
        if c == 24:  # comments inside brackets: the tree holds them among the operands
            t = self.text_literal
            return self.pick([lambda: f"({s()},  # c\n {s()})[{self.pick(['0', '1', '-1'])}]",
                              lambda: f"[  # c\n{s()}, {s()}][1]", lambda: f"{{  # c\n'k': {s()}}}['k']",
                              lambda: f"'%s-%s' % (  # c\n{s()}, {s()})", lambda: f"{s()}.join([{s()},  # c\n{s()}])",
                              lambda: f"{s()}.replace(  # c\n{s()}, {s()})", lambda: f"({s()}  # c\n)",
                              lambda: f"({t()}  # c\n {t()})", lambda: f"{s()}[  # c\n1:3]",
                              lambda: f"{s()}[1:  # c\n3]", lambda: f"({s()}  # c\n).upper()",
                              lambda: f"str({b()},  # c\n {self.codec()})", lambda: f"{s()}.format(  # c\n{s()})"])
        if c == 23 and self.chance(0.5):
            t = self.text_literal()
            return self.pick([lambda: f"({t} if {self.cond()} else {t})", lambda: f"int()", lambda: f"str(int())",
                              lambda: f"format({self.pick(BYTES_LITERALS)})", lambda: f"{t}.removesuffix({t}[-1:])",
                              lambda: f"{t}.removeprefix({t}[:1])", lambda: f"{self.pick(BYTES_LITERALS)}.removesuffix(b'a')",
                              lambda: f"str(int(x={s()}))", lambda: f"str(int({s()}, 99))", lambda: f"{s()}.upper(1)"])
        return self.pick([lambda: f"chr({i()}) + {s()}", lambda: f"''.join(map(chr, [{i()}, {i()}]))",
                          lambda: f"''.join(chr(c) for c in [{i()}])", lambda: f"'%c' % {i()}", lambda: f"str(sum([{i()}, {i()}]))"])

    def err(self):
        return repr(self.pick(ERRORS))

    def int_list(self):
        return "[" + ", ".join(self.int_atom() for _ in range(self.r.randint(0, 4))) + "]"

    def cond(self):
        return self.pick(["True", "False", "1", "0", "''", "'a'", "x_undefined", "len('ab') > 1", "None"])

    def bytes_expr(self, depth):
        if depth <= 0 or self.chance(0.5):
            return self.pick(BYTES_LITERALS)
        return "(" + self.bytes_expr_bare(depth) + ")"

    def bytes_expr_bare(self, depth):
        s = lambda: self.str_expr(depth - 1)
        b = lambda: self.bytes_expr(depth - 1)
        i = self.int_atom
        return self.pick([lambda: f"{s()}.encode()", lambda: f"{s()}.encode({self.codec()})", lambda: f"{s()}.encode(encoding={self.codec()})",
                          lambda: f"{b()} + {b()}", lambda: f"{b()} * {i()}", lambda: f"{b()}[{i()}:{i()}]", lambda: f"{b()}[::-1]",
                          lambda: f"bytes({self.int_list()})", lambda: f"bytes.fromhex({s()})", lambda: f"codecs.encode({s()}, {self.codec()})",
                          lambda: f"{b()}.replace({b()}, {b()})", lambda: f"{b()}.strip()", lambda: f"{b()}.lower()", lambda: f"{b()}.upper()",
                          lambda: f"b'-'.join([{b()}, {b()}])", lambda: f"codecs.decode({b()}, {self.codec()})", lambda: f"bytes({b()})",
                          lambda: f"base64.b64decode({b()})", lambda: f"bytes({s()}, {self.codec()})"])

    def subscript(self, base, i):
        k = self.r.randrange(6)
        idx = lambda: self.pick(["0", "1", "-1", "2", "-2", "5", "-5", "99999999999999999999", "None", "i_undefined",
                                 "True", "3 - 4"])
        if k == 0:
            return f"{base}[{idx()}]"
        if k == 1:
            return f"{base}[{idx()}:{idx()}]"
        if k == 2:
            return f"{base}[{idx()}:{idx()}:{self.pick(['1', '2', '-1', '-2', '3', '-3', '0', 'None', '99999999999999999999', '-99999999999999999999'])}]"
        if k == 3:
            return f"{base}[::{self.pick(['-1', '2', '-3'])}]"
        if k == 4:
            return f"{base}[{idx()}, {idx()}]"
        return f"{base}[{i()}]"

    def fstring(self, depth):
        parts = []
        for _ in range(self.r.randint(1, 3)):
            k = self.r.randrange(9)
            inner = self.str_expr(max(0, depth - 2)) if self.chance(0.6) else self.int_atom()
            inner = inner.replace('"', "'") if '"' in inner and "'" not in inner else inner
            if '"' in inner or "\\" in inner or "{" in inner or "}" in inner or "\n" in inner:
                inner = "'abc'"
            if k == 0:
                parts.append("{" + inner + "}")
            elif k == 1:
                parts.append("{" + inner + "!r}")
            elif k == 2:
                parts.append("{" + inner + "!s}")
            elif k == 3:
                parts.append("{" + inner + ":>6}")
            elif k == 4:
                parts.append("{" + inner + "=}")
            elif k == 5:
                parts.append("{{lit}}")
            elif k == 6:
                parts.append("{" + self.pick(["b'x'", "1+1", "-3", "'a' 'b'"]) + "}")
            elif k == 7:
                parts.append(self.pick(["x", "é", "%s", " ", "\\t", "\\u00df"]))
            else:
                parts.append("{" + inner + "!a}")
        prefix = self.pick(["f", "F", "rf", "fR"])
        return prefix + '"' + "".join(parts) + '"'

    def name_bound(self, depth):
        """A name bound as possible_strings follows it; its statements go to the prelude."""
        n = f"n{self.case}_{len(self.prelude)}"
        s = lambda: self.str_expr(0 if self.chance(0.7) else 1)
        k = self.r.randrange(18)
        if k == 14:  # rebound from itself: folding it would loop
            self.prelude += [f"{n} = {s()}", f"{n} = {n} + {s()}"]
        elif k == 15:  # a tuple (or a list), then %-formatted through the name
            self.prelude += [self.pick([f"{n} = ({s()}, {s()})", f"{n} = ({s()},  # c\n {s()})", f"{n} = [{s()}, {s()}]"])]
            return self.pick([f"'%s-%s' % {n}", f"'%s' % {n}", f"'%s-%s-%s' % {n}"])
        elif k == 16:  # a list or dict read only through subscripts: it never changes
            self.prelude += [self.pick([f"{n} = [{s()}, {s()}]", f"{n} = {{'k': {s()}, 'j': {s()}}}"])]
            if self.chance(0.3):
                self.prelude.append(f"len({n})")  # read whole too: it may be handed to what changes it
            return self.pick([f"{n}[0]", f"{n}[-1]", f"{n}['k']", f"{n}[1]"])
        elif k == 17:  # a chain of names, deeper than the folder's budget at times
            self.prelude.append(f"{n} = {s()}")
            for step in range(self.r.choice([3, 40])):
                self.prelude.append(f"{n}_{step + 1} = {n}{'_' + str(step) if step else ''}")
            return f"{n}_{len([line for line in self.prelude if line.startswith(n + '_')])}"
        elif k == 0:
            self.prelude.append(f"{n} = {s()}")
        elif k == 1:
            self.prelude += [f"{n} = {s()}", f"{n} = {s()}"]
        elif k == 2:
            self.prelude += [f"{n} = {s()}", f"{n} += {s()}"]
        elif k == 3:
            self.prelude += [f"def {n}f(p):", f"    return p", ""]
            return f"{n}f({s()})"
        elif k == 4:
            self.prelude += [f"def {n}f(p={s()}):", f"    return p.upper()", ""]
            return self.pick([f"{n}f()", f"{n}f({s()})", f"{n}f(p={s()})"])
        elif k == 5:
            self.prelude += [f"class {n}C:", f"    a = {s()}", ""]
            return self.pick([f"{n}C.a", f"{n}C().a"])
        elif k == 6:
            self.prelude += [f"class {n}C:", f"    def __init__(self):", f"        self.a = {s()}", ""]
            return f"{n}C().a"
        elif k == 7 and self.chance(0.5):
            self.prelude += [f"{n} = ({s()}, {s()})"]
            return self.pick([f"'-'.join({n})", f"''.join({n})", f"{s()}.join({n})"])
        elif k == 7:
            self.prelude += [f"{n} = ({s()}, {s()})"]
            return f"{n}[{self.pick(['0', '1', '-1', '2'])}]"
        elif k == 8:
            self.prelude += [f"{n} = [{s()}, {s()}]", f"{n}[0] = {s()}"]
            return f"{n}[0]"
        elif k == 9:
            self.prelude += [f"{n} = {{'k': {s()}}}", f"{n}['k'] = {s()}"]
            return f"{n}['k']"
        elif k == 10:
            self.prelude += [f"{n}, {n}b = {s()}, {s()}"]
        elif k == 11:
            self.prelude += [f"if ({n} := {s()}):", "    pass"]
        elif k == 12 and self.chance(0.3):
            self.prelude += ["import contextlib", f"with contextlib.nullcontext({s()}) as {n}:", "    pass"]
        elif k == 12:
            self.prelude += [f"{n} = {s()}", f"def {n}g():", f"    global {n}", f"    {n} = {s()}", f"{n}g()"]
        else:
            self.prelude += [f"{n} = {s()}", f"del {n}", f"{n} = {s()}"]
        return n


def size_expr(g, depth):
    """Expressions the size estimates read: integers, repetitions, lists, ranges, method results."""
    s = lambda: g.str_expr(0)
    i = g.int_atom
    n = lambda: g.pick(["0", "1", "2", "3", "5", "-1", "-3", "7", "10", "100", "1000", "2**10", "10**3", "3 - 5"])
    inner = (lambda: size_expr(g, depth - 1)) if depth > 0 else n
    return g.pick([
        lambda: f"{inner()} * {inner()}", lambda: f"{inner()} + {inner()}", lambda: f"{inner()} - {inner()}",
        lambda: f"{inner()} // {inner()}", lambda: f"{inner()} % {inner()}", lambda: f"{n()} ** {n()}",
        lambda: f"-{inner()}", lambda: f"~{inner()}", lambda: f"{n()} << {n()}", lambda: f"{n()} >> {n()}",
        lambda: f"{n()} & {n()}", lambda: f"{n()} | {n()}", lambda: f"({s()} * {n()})", lambda: f"({n()} * {s()})",
        lambda: f"{s()}.split()", lambda: f"({s()} * {n()}).split()", lambda: f"{s()}.split({s()})",
        lambda: f"{s()}.splitlines()", lambda: f"{s()}.partition({s()})", lambda: f"{s()}.rsplit()",
        lambda: f"{s()}.split(maxsplit=1)", lambda: f"({s()} * {n()}).split() * {n()}",
        lambda: f"{s()}.encode({g.codec()})", lambda: f"{s()}.ljust({n()})", lambda: f"{s()}.zfill({n()})",
        lambda: f"{s()}.center({n()}, 'x')", lambda: f"[{s()}] * {n()}", lambda: f"[1, 2] * {n()}",
        lambda: f"list(range({n()}))", lambda: f"range({n()})", lambda: f"range({n()}, {n()})",
        lambda: f"range({n()}, {n()}, {n()})", lambda: f"list({s()})", lambda: f"tuple({s()})",
        lambda: f"set({s()})", lambda: f"set(range({n()}))", lambda: f"dict.fromkeys({s()})",
        lambda: f"dict.fromkeys(range({n()}))", lambda: f"sorted({s()})", lambda: f"bytes({n()})",
        lambda: f"bytearray({n()})", lambda: f"bytes(range({n()}))", lambda: f"bytes([{n()}])",
        lambda: f"'%0*d' % ({n()}, 1)", lambda: f"'%5s' % {s()}", lambda: f"'%-{g.pick(['3', '10'])}s|' % {s()}",
        lambda: f"pow({n()}, {n()})", lambda: f"abs({inner()})", lambda: f"int({inner()})",
        lambda: f"{s()} + {s()}", lambda: f"{g.bytes_expr(0)} * {n()}", lambda: f"''.join([{s()}, {s()}])",
        lambda: f"{s()}.upper()", lambda: f"len({s()})", lambda: f"{s()}[{i()}:{i()}]", lambda: f"(1,) * {n()}",
        lambda: f"[[]] * {n()}", lambda: f"True + {n()}", lambda: f"{n()} * True",
        lambda: f"math.factorial({n()})", lambda: f"operator.pow({n()}, {n()})", lambda: f"pow({n()}, {n()}, {n()})",
        lambda: f"list(map(str, range({n()})))", lambda: f"list(map(pow, range({n()}), range({n()})))",
        lambda: f"list(enumerate({s()}))", lambda: f"list(reversed(range({n()})))", lambda: f"tuple(enumerate(range({n()}), {n()}))",
        lambda: f"frozenset(range({n()}))", lambda: f"sorted({s()} * {n()})", lambda: f"{s()}.rjust(width={n()})",
        lambda: f"{s()}.expandtabs(tabsize={n()})", lambda: f"{s()}.rpartition({s()})", lambda: f"{s()}.rsplit({s()}, 1)",
        lambda: f"int({s()}, base={n()})", lambda: f"{numpy_sized(g, n)}",
    ])


def numpy_sized(g, n):
    """numpy arrays, sized in bytes: shapes of ints, tuples and lists, dtypes and fill values."""
    g.prelude.append("import numpy")
    shape = g.pick([n, lambda: f"({n()}, {n()})", lambda: f"[{n()}, {n()}, {n()}]", lambda: "()", lambda: f"({n()},)"])
    dtype = g.pick(["", ", dtype='int8'", ", 'int16'", ", dtype=numpy.float32", ", dtype=bool", ", dtype=object"])
    fill = g.pick(["7", "True", "1.5", "'ab'", "b'x'", "None"])
    return g.pick([f"numpy.zeros({shape}{dtype})", f"numpy.ones({shape}{dtype})", f"numpy.empty({shape}{dtype})",
                   f"numpy.zeros(shape={shape})", f"numpy.full({shape}, {fill})", f"numpy.full({shape}, {fill}{dtype})",
                   f"numpy.arange({n()})", f"numpy.arange({n()}, {n()})", f"numpy.arange({n()}, {n()}, {n()})",
                   f"numpy.arange({n()}, dtype='int8')", f"numpy.arange(stop={n()})"])


PATH_TEXTS = ["", ".", "..", "a", "a/", "a//b", "./a", "a/./b/", "a/../b", "../x", "a/b/../../..", "/", "//x",
              "///x", "/etc", "/etc/passwd", "/tmp/../etc", "/..", "~", "~/x", "~root/x", "x~", "input/data.csv",
              "/<cwd>", "/<cwd>/..", "/<home>", "/<home>/..", "é/ß", "a\\b"]


def path_expr(g, depth):
    """Expressions the filesystem rule folds as paths: pathlib, os.path, `/`."""
    t = lambda: repr(g.pick(PATH_TEXTS)) if g.chance(0.8) else g.str_expr(0)
    inner = (lambda: path_expr(g, depth - 1)) if depth > 0 else t
    some = lambda: ", ".join(inner() for _ in range(g.r.randint(0, 3)))
    cls = lambda: g.pick(["Path", "pathlib.Path", "pathlib.PurePath", "pathlib.PurePosixPath", "pathlib.PosixPath",
                          "pathlib.PureWindowsPath"])
    return g.pick([
        lambda: f"{cls()}({some()})", lambda: f"os.path.join({inner()}, {some()})", lambda: f"os.path.join({t()})",
        lambda: f"{cls()}({t()}) / {inner()}", lambda: f"{inner()} / {cls()}({t()})", lambda: f"({inner()}) / {t()}",
        lambda: f"{cls()}({t()}).joinpath({some()})", lambda: f"os.path.abspath({inner()})",
        lambda: f"os.path.normpath({inner()})", lambda: f"os.path.realpath({inner()})",
        lambda: f"os.path.expanduser({inner()})", lambda: f"os.fspath({inner()})", lambda: "Path.cwd()",
        lambda: "Path.home()", lambda: "os.getcwd()", lambda: "os.getcwdb()", lambda: f"Path({t()}).resolve()",
        lambda: f"Path({t()}).absolute()", lambda: f"Path({t()}).expanduser()", lambda: f"str({cls()}({t()}))",
        lambda: f"str({cls()}({t()})) + {t()}", lambda: f"os.path.join({g.bytes_expr(0)}, {g.bytes_expr(0)})",
        lambda: f"Path({g.bytes_expr(0)})", lambda: f"{t()} / {t()}", lambda: f"os.path.join(*[{t()}])",
        lambda: f"Path({t()}, *[{t()}])", lambda: f"{cls()}({t()}).parent", lambda: f"({inner()}).parent",
        lambda: f"{cls()}({t()}).parent.parent.joinpath({some()})",
    ])


def make_case(seed, case):
    """One case's source: prelude, then the tracked assignment in some context."""
    rng = random.Random(seed * 1_000_003 + case)
    g = Gen(rng, case)
    roll = rng.random()
    if roll < 0.15:
        expr = size_expr(g, rng.randint(0, 2))
    elif roll < 0.22:
        expr = path_expr(g, rng.randint(0, 2))
    elif roll < 0.85:
        expr = g.str_expr(rng.randint(1, 4))
    else:
        expr = g.bytes_expr(rng.randint(1, 3))
    lines = list(g.prelude)
    v = f"v{case}"
    k = rng.randrange(10)
    if k >= 6 and rng.random() < 0.6:  # a context with `p` bound: read it, as possible_strings follows it
        expr = rng.choice([f"p", f"p + {expr}", f"'{{}}-{{}}'.format(p, {expr})", f"'%s' % p", f"f'{{p}}'",
                           f"p.upper()", f"({expr}) + p", f"'{{0}}'.format(p)"])
    if k < 6:
        lines += [f"{v} = {expr}", f"__rec__({case}, {v})"]
        tracked = len(lines) - 1
    elif k == 6:  # a loop over a list literal
        lines += [f"for n{case}_it in [{g.str_expr(1)}, {g.str_expr(1)}]:", f"    {v} = {expr}",
                  f"    __rec__({case}, {v})"]
        tracked = len(lines) - 1
    elif k == 7:  # a function's body, called twice
        lines += [f"def n{case}_fn(p):", f"    {v} = {expr}", f"    __rec__({case}, {v})", "",
                  f"n{case}_fn({g.str_expr(1)})", f"n{case}_fn({g.str_expr(1)})"]
        tracked = len(lines) - 5
    elif k == 8:  # a class body
        lines += [f"class n{case}_K:", f"    {v} = {expr}", f"    __rec__({case}, {v})"]
        tracked = len(lines) - 1
    elif rng.random() < 0.5:  # a loop variable through the tracked expression
        lines += [f"for p in [{g.str_expr(1)}, {g.str_expr(1)}]:", f"    {v} = {expr}",
                  f"    __rec__({case}, {v})"]
        tracked = len(lines) - 1
    else:  # a parameter: of a method, keyword-only or positional-only; or a list a loop reads, added to
        shape = rng.randrange(4)
        a, b = g.str_expr(1), g.str_expr(1)
        if shape == 0:
            lines += [f"class n{case}_M:", f"    def m(self, p):", f"        {v} = {expr}", f"        __rec__({case}, {v})",
                      "", f"n{case}_M().m({a})", f"n{case}_M.m(None, p={b})"]
            tracked = len(lines) - 4
        elif shape == 1:
            lines += [f"def n{case}_k(x, /, p={a}, *, q=None):", f"    {v} = {expr}", f"    __rec__({case}, {v})", "",
                      f"n{case}_k(1)", f"n{case}_k(1, {b})", f"n{case}_k(1, p={b}, q=2)"]
            tracked = len(lines) - 5
        elif shape == 2:
            lines += [f"n{case}_l = [{a}]", rng.choice([f"n{case}_l.append({b})", f"n{case}_l.insert(0, {b})",
                                                      f"n{case}_l.extend([{b}, {a}])", f"n{case}_l += [{b}]"]),
                      f"for p in n{case}_l:", f"    {v} = {expr}", f"    __rec__({case}, {v})"]
            tracked = len(lines) - 1
        else:
            lines += [f"def n{case}_s(*args, p={a}, **kw):", f"    {v} = {expr}", f"    __rec__({case}, {v})", "",
                      f"n{case}_s(*[1], p={b})", f"n{case}_s(**{{'p': {b}}})"]
            tracked = len(lines) - 4
    source = "\n".join(lines) + "\n"
    # The tracked statement's lines, 1-based (a literal's escaped line break spans two).
    start = 1 + sum(line.count("\n") + 1 for line in lines[: tracked - 1])
    return source, (start, start + lines[tracked - 1].count("\n"))


# --- CPython's side --------------------------------------------------------

def encode_value(value):
    if type(value) is str:
        return {"kind": "str", "hex": value.encode("utf-8", "surrogatepass").hex()}
    if type(value) is bytes:
        return {"kind": "bytes", "hex": value.hex()}
    if type(value) is bytearray:
        return {"kind": "bytearray", "hex": bytes(value).hex()}
    if type(value) is int:
        return {"kind": "int", "int": value}
    if isinstance(value, os.PathLike):
        return {"kind": "path", "text": os.fsdecode(value)}
    if isinstance(value, (list, tuple, range, dict, set, frozenset)):
        return {"kind": type(value).__name__, "len": len(value)}
    return {"kind": type(value).__name__}


def size_of(value):
    if type(value) is bool:
        return None
    if type(value).__name__ == "ndarray":
        return value.nbytes  # what an array's size estimate counts
    if isinstance(value, int):
        return value
    try:
        return len(value)
    except Exception:
        return None


PRELUDE = "import codecs, base64, binascii, math, operator, os, pathlib\nfrom pathlib import Path\n"


def run_case(source, tracked):
    """CPython's values of the tracked name, and whether the tracked line raised."""
    records = []
    raised = None

    def rec(_case, value):
        if len(records) < 8:
            records.append((encode_value(value), size_of(value)))

    namespace = {"__rec__": rec, "__name__": "__case__"}
    exec(PRELUDE, namespace)
    try:
        code = compile(source, "<case>", "exec")
    except (SyntaxError, ValueError, OverflowError, MemoryError, RecursionError):
        return None  # not a case
    try:
        exec(code, namespace)
    except BaseException as error:  # noqa: BLE001: every error is CPython's answer
        if isinstance(error, (KeyboardInterrupt, CaseTimeout)):
            raise
        tb = error.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == "<case>" and tracked[0] <= tb.tb_lineno <= tracked[1]:
                raised = type(error).__name__
            tb = tb.tb_next
        if raised is None and not records and isinstance(error, ModuleNotFoundError):
            # A module this CPython lacks (pyodide's has no numpy): nothing to compare, and said so.
            return {"lacks": error.name}
    return {"records": records, "raised": raised}


def worker(args):
    seed, cases, limit_bytes = args
    try:
        if resource is not None:
            resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))
    except (ValueError, OSError):
        pass
    out = []
    for case in cases:
        source, tracked = make_case(seed, case)
        result = None
        try:
            ALARM["armed"] = True
            signal.alarm(2)
            try:
                result = run_case(source, tracked)
            finally:
                ALARM["armed"] = False
                signal.alarm(0)
        except CaseTimeout:
            result = None  # a case that ran out of time is not compared
        out.append((case, source, tracked, result))
    return out


class CaseTimeout(BaseException):
    """A case's two seconds are up. Not an Exception, so that the case's own
    `except Exception` cannot take it for CPython's answer."""


# On a loaded machine the alarm can fire just as a case ends; a handler that
# runs once the case is over must do nothing, or it would stop the worker.
ALARM = {"armed": False}


def on_alarm(_signum, _frame):
    if ALARM["armed"]:
        raise CaseTimeout


def init_worker():
    import warnings

    warnings.simplefilter("ignore")
    signal.signal(signal.SIGALRM, on_alarm)
    sys.setrecursionlimit(200)



# A piece's cases run in a CPython of their own, so that a case that kills or
# wedges its interpreter costs that piece, named in the report, and never the
# run: a pool whose worker dies waits for its answer for ever. The bound is
# far above a piece's usual second and below the test's timeout: 120 s for
# 250 cases, and as much more for a bigger piece (--piece-size).
PIECE_WALL_SECONDS = 120


def run_piece_here(seed, first, stop):
    """The worker process: CPython's results of cases [first, stop), pickled to stdout."""
    init_worker()
    results = worker((seed, range(first, stop), 1 << 31))
    sys.stdout.buffer.write(pickle.dumps({"version": platform.python_version(), "results": results}))


def run_piece(python, seed, piece):
    """CPython's version and results of one piece, or None and the reason it has none."""
    command = [python, str(Path(__file__).resolve()), "--piece", str(seed), str(piece[0]), str(piece[-1] + 1)]
    bound = PIECE_WALL_SECONDS * max(1, len(piece) / 250)
    try:
        done = subprocess.run(command, capture_output=True, timeout=bound)
    except subprocess.TimeoutExpired:
        return None, f"its CPython was still running after {bound:.0f} s and was stopped"
    if done.returncode != 0:
        tail = done.stderr.decode("utf-8", "replace").strip().splitlines()[-3:]
        return None, f"its CPython exited {done.returncode}: {' / '.join(tail)}"
    return pickle.loads(done.stdout), None


# --- comparison ------------------------------------------------------------

def same(claim, actual):
    if claim["kind"] != actual["kind"]:
        return False
    if claim["kind"] == "int":
        return claim["int"] == actual["int"]
    return claim["hex"] == actual["hex"]


# The kinds a size estimate may be of for each kind of value CPython built (a
# padding method's result is sized as text whatever the object: a length either way).
SIZE_KINDS = {"str": {"str", "bytes", "bytearray"}, "bytes": {"bytes", "bytearray"},
              "list": {"list", "tuple", "set", "frozenset", "dict"}, "int": {"int"}, "range": {"range"},
              "array": {"ndarray"}}


ANCHOR = re.compile(r"^/<(cwd|home)>(?=/|$)")


def same_path(claim, actual):
    """Whether CPython's value names the path pygate folded: compared as pathlib
    compares paths (repeated slashes, `.` parts and a trailing slash do not
    matter; `..` does). A leading anchor is read as what it stands for on this
    machine: `/<cwd>` the working folder, `/<home>` the home folder, or as the literal text
    where the program wrote it: both are absolute to the filesystem rule,
    which refuses. A `~` is a literal part: pathlib expands it only in
    expanduser, which folds to an anchor."""
    if actual["kind"] == "path":
        text = actual["text"]
    elif actual["kind"] in ("str", "bytes"):
        text = bytes.fromhex(actual["hex"]).decode("utf-8", "surrogateescape")
    else:
        return False
    folded = bytes.fromhex(claim).decode("utf-8", "surrogateescape")
    readings = [folded]
    anchor = ANCHOR.match(folded)
    if anchor:
        stands_for = os.getcwd() if anchor.group(1) == "cwd" else os.path.expanduser("~")
        readings.append(stands_for + folded[anchor.end():])
    if any(str(PurePosixPath(reading)) == str(PurePosixPath(text)) for reading in readings):
        return True
    # A `..` that would take an anchor away stays in the folded text (still absolute): compared normalised.
    anchored = len(readings) > 1 and ".." in PurePosixPath(folded).parts
    return anchored and any(os.path.normpath(r) == os.path.normpath(text) for r in readings)


def compare(case, result, belief):
    """The mismatches of one case: (class, detail)."""
    out = []
    records = result["records"]
    fold = belief.get("fold")
    if fold is not None:
        if not records and result["raised"]:
            out.append(("fold-raised", f"pygate folds {fold}, CPython raised {result['raised']}"))
        for actual, _ in records:
            if not same(fold, actual):
                out.append(("fold-differs", f"pygate folds {fold}, CPython has {actual}"))
                break
    # A path is the file a call would open if it runs: a call that raises opens nothing.
    path = belief.get("path")
    if path is not None:
        for actual, _ in records:
            if not same_path(path, actual):
                shown = bytes.fromhex(path).decode("utf-8", "surrogateescape")
                out.append(("path-differs", f"pygate's path {shown!r}, CPython has {actual}"))
                break
    possible = belief.get("possible") or {}
    if possible.get("complete"):
        for actual, _ in records:
            if actual["kind"] == "str" and actual["hex"] not in possible["values"]:
                out.append(("set-incomplete", f"complete set {possible['values'][:6]} lacks {actual}"))
                break
    size = belief.get("size")
    if size is not None:
        for actual, length in records:
            if length is None:
                continue
            if actual["kind"] not in SIZE_KINDS.get(size["kind"], set()):
                out.append(("size-over", f"size of kind {size['kind']}, CPython built a {actual['kind']}"))
                break
            if size.get("exact") is not None and size["exact"] != length:
                out.append(("size-over", f"exact size {size['exact']}, CPython's is {length}"))
                break
            length = abs(length)
            actual_log10 = math.log10(length) if length > 1 else 0.0
            if size["log10"] > actual_log10 + 1e-9:
                out.append(("size-over", f"size 10^{size['log10']:.3f}, CPython's is {length}"))
                break
    return out


def run_pygate(command):
    """A pygate command's completed process; a harness error (exit 2) if it hangs."""
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=PIECE_WALL_SECONDS)
    except subprocess.TimeoutExpired:
        print(f"value_oracle: {' '.join(command)} was still running after {PIECE_WALL_SECONDS} s", file=sys.stderr)
        sys.exit(2)


def refused_lines(pygate, path, target):
    """The lines of `path` where a PG000 of `pygate check` starts: source it
    cannot read exactly as CPython does, so that the file is refused whatever
    the analysis believes of the names there (tree-sitter's error recovery can
    make a later binding vanish, for one)."""
    done = run_pygate([str(pygate), "check", *target, "--format", "json", "--profile", "code_pool", str(path)])
    if done.returncode not in (0, 1, 3):
        sys.exit(f"value_oracle: {pygate} check exited {done.returncode}: {done.stderr[:500]}")
    lines = set()
    for file in json.loads(done.stdout)["files"]:
        for finding in file.get("findings", []):
            if finding["rule"] == "PG000":  # where it starts: an error can run on to the file's end
                lines.add(finding["line"])
    return lines


def pygate_beliefs(binary, path):
    done = run_pygate([binary, str(path)])
    if done.returncode != 0:
        sys.exit(f"value_oracle: {binary} exited {done.returncode}: {done.stderr[:500]}")
    entry = json.loads(done.stdout.splitlines()[0])
    if "error" in entry:
        sys.exit(f"value_oracle: {binary}: {entry['error']}")
    return {item["name"]: item for item in entry["values"]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=2500)
    parser.add_argument("--python", default=sys.executable, help="the CPython that evaluates the cases")
    parser.add_argument("--piece-size", type=int, default=250,
                        help="cases per CPython process (more for an interpreter slow to start)")
    parser.add_argument("--time-limit", type=float, default=0, help="stop starting new chunks after this many seconds")
    parser.add_argument("--save-dir", help="write each mismatching case here")
    parser.add_argument("--max-shown", type=int, default=30)
    args = parser.parse_args()

    start = time.monotonic()
    target = None  # pygate's --target-version, once the first piece has said which CPython ran it
    cases = list(range(args.count))
    pieces = [cases[i:i + args.piece_size] for i in range(0, len(cases), args.piece_size)]
    totals = {"cases": 0, "skipped": 0, "raised": 0, "folded": 0, "complete": 0, "sized": 0, "paths": 0}
    mismatches = []
    classes = {}
    lost = []  # (first case, last case, why) of each piece CPython gave no results for
    lacking = {}  # module -> cases not judged because this CPython lacks it
    with ThreadPoolExecutor(args.jobs) as pool, tempfile.TemporaryDirectory() as tmp:
        batch = []
        chunks = 0

        def judge(batch):
            nonlocal chunks
            path = Path(tmp) / f"chunk{chunks}.py"
            chunks += 1
            # pygate refuses a file it cannot read as CPython does (PG000), and
            # tree-sitter's error recovery there can change what it believes of
            # names far away. The cases with PG000 on their own lines are left
            # out and the rest judged again, so every belief compared comes
            # from a file pygate reads whole.
            for _attempt in range(3):
                lines = [PRELUDE.rstrip("\n"), "def __rec__(case, value):", "    pass", ""]
                spans = {}  # case -> its first and last line in the file
                written = len(lines)
                for case, source, _tracked, _result in batch:
                    lines.append(source)
                    spans[case] = (written + 1, written + 1 + source.count("\n"))
                    written += source.count("\n") + 1
                path.write_text("\n".join(lines), encoding="utf-8", errors="surrogatepass")
                refused = refused_lines(Path(args.binary).with_name("pygate"), path, target or [])
                if not refused:
                    break
                kept = [entry for entry in batch
                        if not any(spans[entry[0]][0] <= line <= spans[entry[0]][1] for line in refused)]
                totals["skipped"] += len(batch) - len(kept)
                if len(kept) == len(batch):
                    # Refused on a line no case holds (an error that surfaces at
                    # the file's end): halve the cases and judge each half alone.
                    if len(batch) == 1:
                        totals["skipped"] += 1
                        return
                    judge(batch[:len(batch) // 2])
                    judge(batch[len(batch) // 2:])
                    return
                batch = kept
            else:
                totals["skipped"] += len(batch)
                batch = []
            beliefs = pygate_beliefs(args.binary, path) if batch else {}
            for case, source, tracked, result in batch:
                belief = beliefs.get(f"v{case}")
                if belief is None:
                    totals["skipped"] += 1  # no claim
                    continue
                totals["cases"] += 1
                totals["raised"] += bool(result["raised"])
                totals["folded"] += belief["fold"] is not None
                totals["complete"] += bool(belief["possible"]["complete"])
                totals["sized"] += belief["size"] is not None
                totals["paths"] += belief.get("path") is not None
                for kind, detail in compare(case, result, belief):
                    classes[kind] = classes.get(kind, 0) + 1
                    mismatches.append((kind, case, source, detail))
                    if args.save_dir:  # the whole file pygate read: other cases in it may matter
                        Path(args.save_dir).mkdir(parents=True, exist_ok=True)
                        shutil.copyfile(path, Path(args.save_dir) / f"chunk-of-{case}.py")

        for piece, (answer, why) in zip(pieces, pool.map(lambda piece: run_piece(args.python, args.seed, piece), pieces)):
            if answer is None:
                lost.append((piece[0], piece[-1], why))
                totals["skipped"] += len(piece)
                continue
            results = answer["results"]
            if target is None:
                target = target_arguments(Path(args.binary).with_name("pygate"), answer["version"])
                print(describe(args.python, answer["version"], target), flush=True)
            for case, source, tracked, result in results:
                if result is None:
                    totals["skipped"] += 1
                    continue
                if "lacks" in result:
                    lacking[result["lacks"]] = lacking.get(result["lacks"], 0) + 1
                    continue
                batch.append((case, source, tracked, result))
            if len(batch) >= args.chunk:
                judge(batch)
                batch = []
            if args.time_limit and time.monotonic() - start > args.time_limit:
                pool.shutdown(wait=False, cancel_futures=True)
                break
        if batch:
            judge(batch)
    elapsed = time.monotonic() - start
    for first, last, why in lost:
        print(f"value_oracle: cases {first}-{last} not judged: {why}")
    for kind, case, source, detail in mismatches[: args.max_shown]:
        print(f"--- {kind} (case {case}): {detail}\n{source}")
    if args.save_dir:
        save = Path(args.save_dir)
        save.mkdir(parents=True, exist_ok=True)
        for kind, case, source, detail in mismatches:
            (save / f"{kind}-{case}.py").write_text(f"# {detail}\n{source}", encoding="utf-8",
                                                   errors="surrogatepass")
    print(f"value_oracle: seed {args.seed}: {totals['cases']} cases judged ({totals['skipped']} not compiled or "
          f"timed out), {totals['folded']} folded, {totals['complete']} complete sets, {totals['sized']} sized, {totals['paths']} paths, "
          f"{totals['raised']} raised in CPython; {len(mismatches)} mismatches {classes} in {elapsed:.1f} s")
    if lacking:
        print("value_oracle: not judged, this CPython lacks the module: " +
              ", ".join(f"{name} ({count} cases)" for name, count in sorted(lacking.items())))
    if mismatches:
        return 1
    lost_cases = sum(last - first + 1 for first, last, _ in lost)
    if lost_cases * 10 > args.count:
        print(f"value_oracle: {lost_cases} of {args.count} cases lost with their CPython: too few judged", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--piece":
        run_piece_here(*map(int, sys.argv[2:]))
        sys.exit(0)
    sys.exit(main())
