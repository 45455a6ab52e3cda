# The vector counting kernels (src/count_avx2.c, src/count_avx512.c and the quadrant join's
# src/quadrant_avx2.c, src/quadrant_avx512.c), and the completion's one-word engine for x86-64-v3
# (src/complete_word_avx2.c, in NQ_AVX2_ALSO, which setup.py reads too): each is compiled for its
# instruction set whatever the rest of the build targets, and src/kernel.c picks one at run time
# from what the CPU reports, so a portable build (-DNQ_NATIVE=OFF) still runs the fast kernel.
# Other architectures, or a compiler without these flags, build the generic kernel only.
# Included before the library is defined: it sets the flags of the kernels' files and gives the
# library's definitions in NQ_KERNEL_DEFINITIONS (NQ_HAVE_AVX2, NQ_HAVE_AVX512). The tests that
# compare every kernel with the generic one are in cmake/tests.cmake.
include(CheckCSourceCompiles)
set(NQ_AVX2_FLAGS -mavx2 -mbmi -mbmi2 -mpopcnt -mlzcnt -mno-avx512f)
set(NQ_AVX512_FLAGS -mavx2 -mbmi -mbmi2 -mpopcnt -mlzcnt -mavx512f -mavx512bw -mavx512vl
    -mavx512bitalg -mavx512vpopcntdq)
# What src/kernel.c asks the CPU for each (the names __builtin_cpu_supports must know).
set(NQ_AVX2_PROBE avx2)
set(NQ_AVX512_PROBE avx512vpopcntdq)
# Files compiled for one instruction set only (complete_word.c chooses at run time).
set(NQ_AVX2_ALSO src/complete_word_avx2.c)
set(NQ_AVX512_ALSO src/complete_word_avx512.c)
set(NQ_KERNELS_BUILT generic)
set(NQ_KERNEL_DEFINITIONS)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  foreach(isa AVX2 AVX512)
    list(JOIN NQ_${isa}_FLAGS " " CMAKE_REQUIRED_FLAGS)
    check_c_source_compiles("#include <immintrin.h>
      int main(void) { return __builtin_cpu_supports(\"${NQ_${isa}_PROBE}\"); }" NQ_CC_HAS_${isa})
    unset(CMAKE_REQUIRED_FLAGS)
    if(NQ_CC_HAS_${isa})
      string(TOLOWER ${isa} file)
      list(TRANSFORM NQ_${isa}_ALSO PREPEND ${PROJECT_SOURCE_DIR}/ OUTPUT_VARIABLE also)
      set_source_files_properties(${PROJECT_SOURCE_DIR}/src/count_${file}.c
                                  ${PROJECT_SOURCE_DIR}/src/quadrant_${file}.c ${also} PROPERTIES
                                  COMPILE_OPTIONS "${NQ_${isa}_FLAGS}")
      list(APPEND NQ_KERNEL_DEFINITIONS NQ_HAVE_${isa})
      list(APPEND NQ_KERNELS_BUILT ${file})
    endif()
  endforeach()
endif()
message(STATUS "Counting kernels: ${NQ_KERNELS_BUILT}")
# For tests/cli/count.sh: the kernels this build has (the CPU decides which of them run).
list(JOIN NQ_KERNELS_BUILT " " nq_kernels_line)
file(WRITE ${PROJECT_BINARY_DIR}/kernels-built.txt "${nq_kernels_line}\n")
