#!/usr/bin/env python3
"""Generates the single-header build of collide2d: build/single/collide2d_single.h.

    scripts/amalgamate.py [--out PATH] [--root DIR]

The output holds, in order:
  1. a front page (how to include it, an example, options, limits, version);
  2. the public declarations: include/collide2d.h with every header it includes inlined once;
  3. under #ifdef C2D_IMPLEMENTATION, the implementation: every src/**/*.c (globbed, sorted by
     path, so files added later join without editing this script) with the private headers they
     include inlined once, where first included.

Two .c files of the library may each hold a file-local name (a static function or variable, a
file-scope type, struct tag or enum constant) of the same spelling. In one translation unit they
would clash, so each file's local names are renamed for that file alone: before the file comes
`#define name c2di_<file>_name` for each of its local names, after it the matching #undef, and the
same for the file's own macros (#undef after the file). A local name that the file also uses as a
struct member (`.name`, `->name`) is left alone, since the #define would rename the member too; if
such a name is also local to another file, the script stops and names it.

C2D_STATIC (defined with C2D_IMPLEMENTATION) makes every function of the implementation static to
the including file: C2D_API becomes `static`, and the private prototypes of src/*.h get the
C2DI_PRIVATE prefix, `static` in that mode. A program can then hold the single header's copy
beside a linked libcollide2d (the benchmark's same-translation-unit column does).
"""
import argparse
import os
import re
import sys

ROOT_DEFAULT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"\s*(?://.*|/\*.*)?$')
DEFINE_RE = re.compile(r'^\s*#\s*define\s+([A-Za-z_]\w*)')
IDENT_RE = re.compile(r'[A-Za-z_]\w*')
KEYWORDS = set('''auto break case char const continue default do double else enum extern float for goto if
inline int long register restrict return short signed sizeof static struct switch typedef union unsigned
void volatile while _Bool _Complex _Imaginary _Alignas _Alignof _Atomic _Static_assert _Noreturn
_Thread_local bool'''.split())


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


def strip_comments_strings(text):
    """The text with comments, string and char literals blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '/' and i + 1 < n and text[i + 1] == '*':
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(''.join(ch if ch == '\n' else ' ' for ch in text[i:j]))
            i = j
        elif c == '/' and i + 1 < n and text[i + 1] == '/':
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == '\\' else 1
            out.append(c + ' ' * (min(j, n) - i - 1) + (c if j < n else ''))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def strip_preprocessor(text):
    """Blanks preprocessor lines (with their continuations)."""
    lines = text.split('\n')
    out, cont = [], False
    for line in lines:
        if cont or line.lstrip().startswith('#'):
            cont = line.rstrip().endswith('\\')
            out.append('')
        else:
            out.append(line)
    return '\n'.join(out)


def top_level_chunks(code):
    """Splits C code (comments, strings and preprocessor lines blanked) into its top-level
    declarations: (head, body) where head is the text at brace depth 0 up to ';' and body the
    text inside the first top-level braces (or '')."""
    chunks = []
    depth = 0
    head, body, after = [], [], []
    seen_brace = False
    for c in code:
        if depth == 0:
            if c == '{':
                depth = 1
                seen_brace = True
                continue
            if c == ';':
                chunks.append((''.join(head), ''.join(body), ''.join(after)))
                head, body, after, seen_brace = [], [], [], False
                continue
            if c == '}':
                continue
            (after if seen_brace else head).append(c)
        else:
            if c == '{':
                depth += 1
            elif c == '}':
                depth -= 1
                if depth == 0:
                    if head and '(' in ''.join(head) and not re.search(r'\b(struct|union|enum)\b[^(]*$', ''.join(head)) \
                            and not re.search(r'=\s*$', ''.join(head)):
                        # a function definition: ends at its closing brace
                        chunks.append((''.join(head), ''.join(body), ''))
                        head, body, after, seen_brace = [], [], [], False
                    continue
            body.append(c)
    return chunks


def local_names(c_text):
    """File-local names declared at file scope in a .c file: static functions and variables,
    typedef names, struct/union/enum tags and enum constants."""
    code = strip_preprocessor(strip_comments_strings(c_text))
    names = []

    def add(name):
        if name and name not in KEYWORDS and name not in names:
            names.append(name)

    for head, body, after in top_level_chunks(code):
        h = ' '.join(head.split())
        tag = re.match(r'^(?:typedef\s+)?(?:static\s+)?(?:const\s+)?(struct|union|enum)\s+([A-Za-z_]\w*)?\s*$', h)
        if body and tag:
            if not h.startswith('static'):
                add(tag.group(2))
            if tag.group(1) == 'enum':
                for item in body.split(','):
                    m = IDENT_RE.search(item)
                    if m:
                        add(m.group(0))
            if h.startswith('typedef'):
                ids = IDENT_RE.findall(after)
                for ident in ids:
                    add(ident)
                continue
            if not h.startswith('static'):
                continue
            # `static const struct x {...} name = ...`: the declarator follows the body
            m = IDENT_RE.search(after)
            if m:
                add(m.group(0))
            continue
        if h.startswith('typedef'):
            m = re.search(r'\(\s*\*\s*([A-Za-z_]\w*)\s*\)', h)  # function pointer type
            if m:
                add(m.group(1))
            elif '(' in h:  # function type: typedef bool visit_fn(qbase *q, int32_t i)
                ids = IDENT_RE.findall(h[:h.index('(')])
                if ids:
                    add(ids[-1])
            else:
                ids = IDENT_RE.findall(re.sub(r'\[[^\]]*\]', '', h))
                if ids:
                    add(ids[-1])
            continue
        if not re.match(r'^static\b', h):
            continue
        paren = h.find('(')
        eq = h.find('=')
        brk = h.find('[')
        if paren >= 0 and (eq < 0 or paren < eq) and (brk < 0 or paren < brk):
            m = re.search(r'\(\s*\*\s*([A-Za-z_]\w*)\s*\)', h[:h.find(')') + 1])
            if m and h[paren:].lstrip('(').lstrip().startswith('*'):
                add(m.group(1))  # static pointer to function
            else:
                ids = IDENT_RE.findall(h[:paren])
                if ids:
                    add(ids[-1])
        else:
            # one or more declarators: static T a = x, b[2] = {...};
            decl = h
            decl = re.sub(r'=.*', '', decl)
            decl = re.sub(r'\[[^\]]*\]', '', decl)
            ids = IDENT_RE.findall(decl)
            if ids:
                add(ids[-1])
    return names


def file_macros(c_text):
    return [m.group(1) for m in (DEFINE_RE.match(l) for l in c_text.split('\n')) if m]


class Amalgamator:
    def __init__(self, root):
        self.root = root
        self.include_dir = os.path.join(root, 'include')
        self.src_dir = os.path.join(root, 'src')
        self.done = set()
        self.private_data = set()

    def resolve(self, name, from_dir):
        for d in (from_dir, self.include_dir, self.src_dir):
            p = os.path.normpath(os.path.join(d, name))
            if os.path.isfile(p):
                return p
        return None

    def rel(self, path):
        return os.path.relpath(path, self.root)

    def expand(self, path, private_prefix=False):
        """The file's text with its quoted includes inlined (each file once); system includes
        stay. private_prefix: prefix the file's column-0 function prototypes with C2DI_PRIVATE."""
        self.done.add(path)
        out = []
        text = read(path)
        lines = text.split('\n')
        code = strip_comments_strings(text).split('\n')
        if lines and lines[-1] == '':
            lines.pop()
        for line, c in zip(lines, code):
            m = INCLUDE_RE.match(line) if c.lstrip().startswith('#') else None
            if m:
                target = self.resolve(m.group(1), os.path.dirname(path))
                if target is None:
                    sys.exit('amalgamate.py: %s: cannot find "%s"' % (self.rel(path), m.group(1)))
                if target in self.done:
                    out.append('/* #include "%s": above */' % m.group(1))
                else:
                    is_private = target.startswith(self.src_dir + os.sep)
                    out.append('/* ---- %s ---- */' % self.rel(target))
                    out.append(self.expand(target, private_prefix=is_private))
                    out.append('/* ---- end of %s ---- */' % self.rel(target))
                continue
            # private data objects (the kind rows): static with C2D_STATIC like the functions, so
            # that a program linking libcollide2d beside the single header's copy holds both
            dm = re.match(r'^extern\s+(const\s+\w+\s+(\w+)\s*;.*)$', line) if private_prefix else None
            if dm:
                self.private_data.add(dm.group(2))
                out.append('C2DI_PRIVATE_DATA ' + dm.group(1))
                continue
            dd = re.match(r'^const\s+\w+\s+(\w+)\s*=', c)
            if dd and dd.group(1) in self.private_data:
                line = 'C2DI_PRIVATE_DATA_DEF ' + line
            if private_prefix and re.match(r'^[A-Za-z_]\w*[\s*]', c) and '(' in c \
                    and not re.match(r'^(static|typedef|extern|struct|union|enum)\b', c) \
                    and not c.rstrip().endswith('{'):
                line = 'C2DI_PRIVATE ' + line
            out.append(line)
        return '\n'.join(out)


FRONT = r'''/* collide2d_single.h: collide2d {version} in one file. Generated by scripts/amalgamate.py from
   the collide2d sources ({nfiles} .c files); do not edit: change the sources and run
   `make single-header`. SPDX-License-Identifier: MIT (the licence text is at the end of this file).

   collide2d: 2D collision detection in C: overlap tests, hits, contact manifolds, ray and shape
   casts, GJK distance, broad-phase indexes, a collision world, bump-style moves and a character
   mover. libc and libm only; the narrow phase never allocates.

   HOW TO INCLUDE IT
   In exactly one C file of your program (C11; C99 works too, where the world's busy counter is
   then not atomic):

       #define C2D_IMPLEMENTATION
       #include "collide2d_single.h"

   Everywhere else, include it without the define: you get the declarations only. Define
   C2D_IMPLEMENTATION before the FIRST include of this file in that C file (an earlier include
   without it is an #error). The implementation is C; the declarations also compile as C++.

   EXAMPLE (README.md's, which make check compiles and runs against this file)
{example}
   Fast yes/no tests (c2d_*_overlap_*) are separate from the queries that say where (c2d_*_hit_*,
   c2d_*_manifold_*); the generic c2d_shape_* entry points take any pair of shapes. Touching is
   not overlapping: every query treats shape interiors as open.

   OPTIONS (define before including, the same in every file of the program)
     C2D_IMPLEMENTATION        compile the implementation into this file
     C2D_STATIC                with C2D_IMPLEMENTATION: every function static to this file, so it
                               can sit beside another copy of collide2d (a linked library)
     C2D_DOUBLE                double precision instead of float
     C2D_MAX_POLYGON_VERTICES  convex polygon vertex limit (default 8, from 3 to 255)
     C2D_NO_SIMD               scalar code only (no SSE2/AVX2 paths)
     C2D_ENABLE_ASSERT         debug checks with NDEBUG defined (see c2d_set_assert_handler)
   Where the target has fused multiply-add (ARM64, x86-64 with -march=native or -mfma), compile
   the file that holds the implementation with -ffp-contract=off, as collide2d's own build does:
   overlap, hit and manifold agree to the bit only when a * b + c is not fused into one
   instruction (Clang fuses by default there, GCC in its default GNU mode).

   LIMITS
     float build: coordinates and sizes up to C2D_MAX_COORD = 1e15, radii and box sizes at least
     C2D_MIN_SIZE = 1e-18; double build: 1e100 and 1e-150. Constructors reject anything else
     with a c2d_status error code (negative); queries on bad input return "no hit", never NaN.
     Polygons: convex, counter-clockwise, at most C2D_MAX_POLYGON_VERTICES vertices (concave
     polygons: c2d_concave, any size, in your storage). Manifolds hold at most 2 points.

   VERSION
     {version} (C2D_VERSION = {vnum}); generated from the sources at {stamp}.
*/
'''


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--root', default=ROOT_DEFAULT)
    ap.add_argument('--out', default=None)
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    out_path = args.out or os.path.join(root, 'build', 'single', 'collide2d_single.h')
    am = Amalgamator(root)

    base = read(os.path.join(root, 'include', 'collide2d', 'base.h'))
    ver = [re.search(r'#define C2D_VERSION_%s (\d+)' % k, base).group(1) for k in ('MAJOR', 'MINOR', 'PATCH')]
    version = '.'.join(ver)
    vnum = int(ver[0]) * 10000 + int(ver[1]) * 100 + int(ver[2])

    sources = []
    for dirpath, dirnames, filenames in os.walk(am.src_dir):
        dirnames.sort()
        for fn in filenames:
            if fn.endswith('.c'):
                sources.append(os.path.join(dirpath, fn))
    sources.sort(key=lambda p: os.path.relpath(p, am.src_dir))
    if not sources:
        sys.exit('amalgamate.py: no .c files under %s' % am.src_dir)

    # Per-file local names and macros; a name local to several files must be renamable in each.
    texts = {p: read(p) for p in sources}
    locals_of, renamed_of, macros_of = {}, {}, {}
    owners = {}
    for p in sources:
        names = local_names(texts[p])
        code = strip_comments_strings(texts[p])
        members = set(re.findall(r'(?:\.|->)\s*([A-Za-z_]\w*)', code))
        locals_of[p] = names
        renamed_of[p] = [n for n in names if n not in members]
        macros_of[p] = file_macros(texts[p])
        for n in names:
            owners.setdefault(n, []).append(p)
    problems = []
    for n, ps in sorted(owners.items()):
        kept = [p for p in ps if n not in renamed_of[p]]
        if len(ps) > 1 and len(kept) > 1:
            problems.append('%s (local to %s; a struct member too in %s)' % (
                n, ', '.join(am.rel(p) for p in ps), ', '.join(am.rel(p) for p in kept)))
    if problems:
        sys.exit('amalgamate.py: file-local names that clash and cannot be renamed by a #define:\n  ' +
                 '\n  '.join(problems) + '\nGive them distinct names in src/.')

    header_macros = set()
    for d in (am.include_dir, am.src_dir):
        for dirpath, _, filenames in os.walk(d):
            for fn in filenames:
                if fn.endswith('.h'):
                    header_macros.update(file_macros(read(os.path.join(dirpath, fn))))

    # Defines that a .c file makes before its first include configure the headers for that file
    # (overlap.c: C2D_EMIT_INLINE_BODIES). The headers come once, at the top, so these defines
    # come first, in the implementation's translation unit only.
    hoisted = []
    for p in sources:
        for line in texts[p].split('\n'):
            if re.match(r'^\s*#\s*include', line):
                break
            if DEFINE_RE.match(line):
                hoisted.append('%s  /* from %s */' % (line.strip(), am.rel(p)))

    public = am.expand(os.path.join(root, 'include', 'collide2d.h'))
    # C2D_STATIC: C2D_API becomes static, right after base.h defines it (before its first use).
    lines = public.split('\n')
    first_api = next(i for i, l in enumerate(lines) if re.match(r'^C2D_API\b', l))
    static_api = ['/* C2D_STATIC (with C2D_IMPLEMENTATION): every function static to the including file. */',
                  '#if defined(C2D_STATIC) && defined(C2D_IMPLEMENTATION)',
                  '#  undef C2D_API',
                  '#  define C2D_API static',
                  '#endif']
    lines[first_api:first_api] = static_api
    public = '\n'.join(lines)

    licence = read(os.path.join(root, 'LICENSE')).rstrip()

    import datetime
    stamp = os.environ.get('SOURCE_DATE_EPOCH')
    when = datetime.datetime.fromtimestamp(int(stamp), datetime.timezone.utc) if stamp else None
    stamp_text = when.strftime('%Y-%m-%d') if when else 'build time'
    text = [FRONT.replace('{example}', readme_example(root)).replace('{version}', version).replace('{vnum}', str(vnum))
            .replace('{nfiles}', str(len(sources))).replace('{stamp}', stamp_text)]
    text.append('#ifndef COLLIDE2D_SINGLE_H')
    text.append('#define COLLIDE2D_SINGLE_H')
    text.append('#ifdef C2D_IMPLEMENTATION')
    text.append('#  define C2DI_SINGLE_DECLARED_WITH_IMPLEMENTATION 1')
    # This translation unit builds the library: set before the declarations, which turn the
    # header's inline fronts off for it (collision.h, C2D_INLINE_FRONT) as for the library's files.
    text.append('#  ifndef C2D_BUILDING')
    text.append('#    define C2D_BUILDING 1')
    text.append('#  endif')
    text.extend(hoisted)
    text.append('#endif')
    text.append('')
    text.append('/* ======== public declarations (include/collide2d.h and the headers it includes) ======== */')
    text.append(public)
    text.append('#endif /* COLLIDE2D_SINGLE_H */')
    text.append('')
    text.append('/* ======== implementation ======== */')
    text.append('#if defined(C2D_IMPLEMENTATION) && !defined(C2DI_SINGLE_IMPLEMENTED)')
    text.append('#define C2DI_SINGLE_IMPLEMENTED 1')
    text.append('#ifndef C2DI_SINGLE_DECLARED_WITH_IMPLEMENTATION')
    text.append('#  error "collide2d_single.h: define C2D_IMPLEMENTATION before the first #include of this file in that C file"')
    text.append('#endif')
    text.append('#ifdef __cplusplus')
    text.append('#  error "collide2d_single.h: compile the implementation (C2D_IMPLEMENTATION) as C, not C++"')
    text.append('#endif')
    text.append('#ifndef C2D_BUILDING')
    text.append('#  define C2D_BUILDING 1')
    text.append('#endif')
    text.append('/* Private prototypes of the src/ headers: static with C2D_STATIC, else of external linkage. */')
    # Warnings that one translation unit brings and separate files do not: GCC inlines across
    # what were files and then may not see that a struct is set on every path that reads it
    # (-Wmaybe-uninitialized; the library's own per-file build keeps the warning on), and with
    # C2D_STATIC the functions a program does not call are unused. Silenced for the
    # implementation alone (push here, pop at its end).
    text.append('#if defined(__GNUC__)')
    text.append('#  pragma GCC diagnostic push')
    text.append('#  if !defined(__clang__)')
    text.append('#    pragma GCC diagnostic ignored "-Wmaybe-uninitialized"')
    text.append('#  endif')
    text.append('#endif')
    text.append('#ifdef C2D_STATIC')
    text.append('#  define C2DI_PRIVATE static')
    text.append('#  define C2DI_PRIVATE_DATA static')
    text.append('#  define C2DI_PRIVATE_DATA_DEF static')
    text.append('#  if defined(__GNUC__)')
    text.append('#    pragma GCC diagnostic ignored "-Wunused-function"')
    text.append('#  endif')
    text.append('#else')
    text.append('#  define C2DI_PRIVATE')
    text.append('#  define C2DI_PRIVATE_DATA extern')
    text.append('#  define C2DI_PRIVATE_DATA_DEF')
    text.append('#endif')
    # private headers get the C2DI_PRIVATE prefix on their prototypes: expand them first, in the
    # order the sources include them
    impl_text = []
    for p in sources:
        rel = am.rel(p)
        stem = re.sub(r'\W', '_', os.path.relpath(p, am.src_dir)[:-2])
        impl_text.append('')
        impl_text.append('/* ======== %s ======== */' % rel)
        for n in renamed_of[p]:
            impl_text.append('#define %s c2di_%s_%s' % (n, stem, n))
        impl_text.append(expand_source(am, p))
        undef = renamed_of[p] + [m for m in macros_of[p] if m not in header_macros and m not in renamed_of[p]]
        for n in undef:
            impl_text.append('#undef %s' % n)
    text.extend(impl_text)
    text.append('#if defined(__GNUC__)')
    text.append('#  pragma GCC diagnostic pop')
    text.append('#endif')
    text.append('#endif /* C2D_IMPLEMENTATION */')
    text.append('')
    text.append('/*')
    text.append(licence.replace('*/', '* /'))
    text.append('*/')
    out = '\n'.join(text) + '\n'
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    tmp = out_path + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write(out)
    os.replace(tmp, out_path)
    renamed = sum(len(v) for v in renamed_of.values())
    print('amalgamate.py: %s (%d source files, %d file-local names prefixed, %d lines)' % (
        os.path.relpath(out_path), len(sources), renamed, out.count('\n')))


def readme_example(root):
    """README.md's example (between the readme-example markers) as a single-header user writes it,
    indented for the front page, its block comments made line comments."""
    text = read(os.path.join(root, 'README.md'))
    m = re.search(r'<!-- readme-example:begin -->[^`]*```c\n(.*?)```', text, re.S)
    if not m:
        sys.exit('amalgamate.py: README.md has no example between the readme-example markers')
    lines = []
    for line in m.group(1).rstrip().split('\n'):
        if re.match(r'^\s*#\s*include\s*<collide2d\.h>', line):
            lines += ['#define C2D_IMPLEMENTATION', '#include "collide2d_single.h"']
            continue
        line = re.sub(r'/\*\s*(.*?)\s*\*/', r'// \1', line)
        if '/*' in line or '*/' in line:
            sys.exit('amalgamate.py: README.md\'s example has a comment over several lines: use one-line comments')
        lines.append(line)
    return '\n'.join(('       ' + l).rstrip() for l in lines)


def expand_source(am, path):
    """A .c file with its includes inlined: private headers (under src/) get their prototypes
    prefixed with C2DI_PRIVATE; public headers are already above (skipped)."""
    return am.expand(path, private_prefix=False)


if __name__ == '__main__':
    main()
