# Fails if a file that users include (FILES: the public headers, and with COLLIDE2D_SINGLE_HEADER
# the generated collide2d_single.h) spells a name that C or C++ reserves for the implementation: one
# holding a double underscore anywhere (reserved in C++, e.g. C2D__X), or beginning with an
# underscore and a capital letter. Names of the compiler, the C standard and the intrinsics headers
# are allowed (the list below, the intrinsics' types and their _CMP_* / _MM_* constants); the library's own internal names use the C2DI_ / c2di_ prefix
# (docs/design.md, "Naming"). Comments count too, so a renamed macro's old spelling cannot linger.
#   cmake -DFILES="a.h|b.h" -P tests/reserved_names.cmake
cmake_minimum_required(VERSION 3.16)
set(allowed
  __cplusplus __GNUC__ __clang__ __STDC_VERSION__ __STDC_NO_ATOMICS__ __VA_ARGS__ __FILE__ __LINE__
  __attribute__ __declspec __asm__ __inline__ __gnu_inline__ __volatile__ __int128
  __SSE2__ __x86_64__ __i386__ _M_X64 _WIN32 _MSC_VER _MM_SHUFFLE _MM_TRANSPOSE4_PS _CMP_LT_OQ
  _Bool _Complex _Imaginary _Alignas _Alignof _Atomic _Static_assert _Noreturn _Thread_local)
set(bad 0)
string(REPLACE "|" ";" FILES "${FILES}")
foreach(file ${FILES})
  if(NOT EXISTS ${file})
    message(FATAL_ERROR "reserved_names: no file ${file}")
  endif()
  # one list item per line: the characters that CMake's lists treat specially become spaces first
  file(READ ${file} text)
  string(REGEX REPLACE "[][;\\]" " " text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(n 0)
  foreach(line IN LISTS lines)
    math(EXPR n "${n} + 1")
    # every identifier-like token with a double underscore, or a leading underscore and capital
    string(REGEX MATCHALL "[A-Za-z0-9_]*__[A-Za-z0-9_]*|(^|[^A-Za-z0-9_])_[A-Z][A-Za-z0-9_]*" found "${line}")
    foreach(name IN LISTS found)
      string(REGEX REPLACE "^[^A-Za-z0-9_]" "" name "${name}")
      if(name IN_LIST allowed OR name MATCHES "^__builtin_[a-z0-9_]+$" OR name MATCHES "^__m(64|128|256|512)[di]?$"
         OR name MATCHES "^_CMP_[A-Z_]+$" OR name MATCHES "^_MM_[A-Z0-9_]+$")
        continue()
      endif()
      message("${file}:${n}: reserved name ${name}")
      math(EXPR bad "${bad} + 1")
    endforeach()
  endforeach()
endforeach()
if(bad GREATER 0)
  message(FATAL_ERROR "reserved_names: ${bad} reserved names (above) in the headers users include")
endif()
list(LENGTH FILES nfiles)
message("reserved_names: ${nfiles} files, no reserved names")
