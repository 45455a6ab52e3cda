# nqueens-mpi: the count over MPI ranks (mpi/nqueens-mpi.c), built when an MPI library is found
# (Debian: libopenmpi-dev, openmpi-bin). It links the tool library (progress line, messages and
# reports shared with the nqueens program); install.cmake installs it.
find_package(MPI COMPONENTS C)
if(MPI_C_FOUND)
  add_executable(nqueens-mpi ${PROJECT_SOURCE_DIR}/mpi/nqueens-mpi.c)
  target_link_libraries(nqueens-mpi PRIVATE nqueens_tool MPI::MPI_C)
else()
  message(STATUS "MPI not found: nqueens-mpi is not built (install libopenmpi-dev)")
endif()
