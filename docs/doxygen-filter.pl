#!/usr/bin/perl
# Doxygen INPUT_FILTER for collide2d's headers (docs/Doxyfile): the headers carry their contracts
# as plain C comments, and this turns them into doc comments on the fly, keeping every line where it
# is (the headers themselves stay plain C):
#   - the file's description (its first comment after the SPDX line) gets @file;
#   - a comment that starts a line and runs straight into a declaration (no blank line between:
#     a prototype, typedef, struct, enum, #define, or an #if/#ifndef guarding one) becomes /** */;
#   - a comment after code on the same line (a struct field, an enum value) becomes /**< */;
#   - in a doc comment, "#word" is escaped (text, not a link request) and lines indented past the
#     text (" *   " and more: examples, layouts) get four more spaces, so Markdown keeps them as code.
# Left alone: the SPDX line, section rules followed by a blank line, comments inside function bodies
# (static inline definitions) and comments above an indented "#  if" (implementation notes).
use strict;
use warnings;

my @lines = <>;
my $n = @lines;
my ($body_depth, $depth) = (0, 0);  # brace depth, and the depth at which a function body opened
my $in_body = 0;
my $file_doc_done = 0;

# The index of the line where the comment starting on line $i ends.
sub comment_end {
    my ($i) = @_;
    for (my $j = $i; $j < $n; $j++) { return $j if $lines[$j] =~ m{\*/}; }
    return $n - 1;
}

my $i = 0;
while ($i < $n) {
    my $line = $lines[$i];
    if (!$in_body && $line =~ m{^\s*/\*(?![*!])}) {            # a comment starting the line
        my $end = comment_end($i);
        my $next = $end + 1 < $n ? $lines[$end + 1] : "";
        my $doc = 0;
        if ($line =~ /SPDX-License-Identifier/) {
            # licence line: not documentation
        } elsif (!$file_doc_done) {
            $lines[$end] =~ s{\s*\*/}{ \@file */};
            $file_doc_done = $doc = 1;
        } elsif ($next =~ /\S/ && $next !~ m{^\s*/\*} && $next !~ /^#\s+if/) {
            $doc = 1;
        }
        if ($doc) {
            $lines[$i] =~ s{/\*}{/**};
            # Lines indented past the text (examples, layouts) keep their layout as Markdown code;
            # elsewhere "#include" is text, not a doxygen link request.
            for my $k ($i .. $end) {
                next if $k > $i && $lines[$k] =~ s{^( \*   )(?=\S)}{$1    };
                $lines[$k] =~ s{(?<![\\\w])#(?=[A-Za-z_])}{\\#}g;
            }
        }
        $i = $end + 1;
        next;
    }
    # Code, possibly followed by a comment on the same line: a member's or a value's doc.
    if (!$in_body && $line =~ m{^\s*[^/\s#].*?;?,?\s*/\*(?![*!])} && $line !~ m{^\s*/\*}) {
        $lines[$i] =~ s{(\S\s*)/\*(?![*!<])}{$1/**<};
    }
    # Track function bodies: a "{" on a line with ")" before it opens one.
    my $code = $line;
    $code =~ s{/\*.*?\*/}{}g;
    $code =~ s{/\*.*}{};
    for my $pos (0 .. length($code) - 1) {
        my $c = substr($code, $pos, 1);
        if ($c eq '{') {
            $depth++;
            if (!$in_body && substr($code, 0, $pos) =~ /\)\s*$/) { $in_body = 1; $body_depth = $depth; }
        } elsif ($c eq '}') {
            $in_body = 0 if $in_body && $depth == $body_depth;
            $depth--;
        }
    }
    $i++;
}
print @lines;
