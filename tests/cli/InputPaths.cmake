# Every input of every command is opened through one path, io/RegularFile (and io/MappedFile,
# which maps what RegularFile opened): regular files only, opened without blocking, so a FIFO,
# a device or a directory is refused before a byte is read, whatever its name. A QFile opened
# for reading anywhere else (issue 42: `bpat diff --textconv` digested unknown files through a
# plain QFile and hung on a FIFO named *.bprm) fails this test. Reading the build's own Qt
# resources (":/rigs/...") is no input and is allowed in files that only read those.
# Run by CTest: cmake -DSOURCE_DIR=<repo> -P InputPaths.cmake
cmake_policy(SET CMP0007 NEW)
file(GLOB_RECURSE sources ${SOURCE_DIR}/src/core/*.cpp ${SOURCE_DIR}/src/cli/*.cpp ${SOURCE_DIR}/src/python/*.cpp)
set(bad "")
foreach(source IN LISTS sources)
  if(source MATCHES "/src/core/io/")
    continue()
  endif()
  file(READ ${source} text)
  if(text MATCHES "builtinResources\\(\\)" OR text MATCHES "\":/")
    continue()  # reads the build's own resources only
  endif()
  file(STRINGS ${source} lines REGEX "QIODevice::ReadOnly|std::ifstream|fopen\\(|(^|[^A-Za-z0-9_])::open\\(")
  if(lines)
    file(RELATIVE_PATH name ${SOURCE_DIR} ${source})
    list(APPEND bad ${name})
  endif()
endforeach()
if(bad)
  list(JOIN bad "\n  " listed)
  message(FATAL_ERROR "inputs opened outside io/RegularFile (use RegularFile::open/read, or a reader that maps through it):\n  ${listed}")
endif()
message(STATUS "every input opens through io/RegularFile")
