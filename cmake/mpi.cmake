# nqueens-mpi: the count over MPI ranks (mpi/mpi_*.c), built when an MPI library is found
# (Debian: libopenmpi-dev, openmpi-bin). It links the tool library (progress line, messages and
# reports shared with the nqueens program); install.cmake installs it.
# The tests run it (tests/cli/mpi.sh) and scripts/packages.txt installs MPI, so with the tests on a
# missing MPI stops the configuration instead of leaving a test that can never run.
if(NQ_BUILD_TESTS)
  find_package(MPI REQUIRED COMPONENTS C)
else()
  find_package(MPI COMPONENTS C)
endif()
if(MPI_C_FOUND)
  add_executable(nqueens-mpi ${PROJECT_SOURCE_DIR}/mpi/mpi_main.c ${PROJECT_SOURCE_DIR}/mpi/mpi_master.c
                             ${PROJECT_SOURCE_DIR}/mpi/mpi_worker.c ${PROJECT_SOURCE_DIR}/mpi/mpi_rank.c)
  target_link_libraries(nqueens-mpi PRIVATE nqueens_tool MPI::MPI_C)
else()
  message(STATUS "MPI not found: nqueens-mpi is not built (install libopenmpi-dev)")
endif()
