# The GPU backend (src/cuda/): with -DNQ_CUDA=ON (needs the CUDA toolkit's nvcc) the CUDA backend
# gpu_backend.cu is compiled for sm_90 (Hopper) plus compute_90 PTX, which the driver compiles
# for any newer device, and linked into libnqueens with the static CUDA runtime; without it
# (the default) gpu_none.c says that there is no device, and nothing of CUDA is needed.
# The search itself (src/cuda/gpu_search.h) is also compiled by the C compiler into the unit
# tests test_gpu_search and test_gpu, in every build.
# Included before the library is defined, so that CUDA is enabled before any target is made
# (every target then knows the architectures); it gives the library its backend:
#   NQ_GPU_BACKEND_SOURCES  C sources of the backend, compiled with the library (gpu_none.c)
#   NQ_GPU_BACKEND_OBJECTS  objects linked into both libraries (the CUDA backend's)
#   NQ_GPU_SHARED_LINK, NQ_GPU_STATIC_LINK  what the shared and the static library link
option(NQ_CUDA "Build the CUDA backend of 'nqueens count --gpu' (needs nvcc)" OFF)
set(NQ_GPU_BACKEND_SOURCES)
set(NQ_GPU_BACKEND_OBJECTS)
set(NQ_GPU_SHARED_LINK)
set(NQ_GPU_STATIC_LINK)
if(NOT NQ_CUDA)
  nq_paths(NQ_GPU_BACKEND_SOURCES ${NQ_GPU_NONE_SOURCES})
  return()
endif()
if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
  # 90-real: SASS for sm_90; 90-virtual: its PTX, compiled by the driver for newer GPUs.
  set(CMAKE_CUDA_ARCHITECTURES 90-real 90-virtual)
endif()
enable_language(CUDA)
find_package(CUDAToolkit REQUIRED)
nq_paths(nq_cuda_files ${NQ_GPU_CUDA_SOURCES})
add_library(nqueens_cuda OBJECT ${nq_cuda_files})
set_target_properties(nqueens_cuda PROPERTIES POSITION_INDEPENDENT_CODE ON CUDA_STANDARD 17
                      CUDA_STANDARD_REQUIRED ON CUDA_VISIBILITY_PRESET hidden)
target_include_directories(nqueens_cuda PRIVATE ${PROJECT_SOURCE_DIR}/include
                           ${PROJECT_SOURCE_DIR}/src/cuda)
# The project's C warnings are not nvcc options: the CUDA target gets its own (-Wall -Wextra
# for the host pass, every nvcc warning, and ptxas's warning on register spills: the search
# must stay in registers and shared memory). NQ_CUDA_VERBOSE prints ptxas's registers,
# spills and shared memory for each kernel.
set(NQ_CUDA_FLAGS -Xcompiler=-Wall,-Wextra -Xptxas=-warn-spills,-warn-lmem-usage -lineinfo)
if(NQ_WERROR)
  list(APPEND NQ_CUDA_FLAGS -Werror=all-warnings -Xcompiler=-Werror)
endif()
option(NQ_CUDA_VERBOSE "Print ptxas's resource usage of each kernel" OFF)
if(NQ_CUDA_VERBOSE)
  list(APPEND NQ_CUDA_FLAGS -Xptxas=-v)
endif()
# (Set, not appended: the directory's C options, -Wpedantic or -march=native, are no nvcc
# options.)
set_property(TARGET nqueens_cuda PROPERTY COMPILE_OPTIONS ${NQ_CUDA_FLAGS})
set(NQ_GPU_BACKEND_OBJECTS $<TARGET_OBJECTS:nqueens_cuda>)
set(NQ_GPU_SHARED_LINK CUDA::cudart_static)
# The installed static target names the CUDA runtime by its path on this machine (the CMake
# package then needs no find_package(CUDAToolkit) of its own), with what it needs (dl, rt).
set(NQ_GPU_STATIC_LINK $<BUILD_INTERFACE:CUDA::cudart_static>
    $<INSTALL_INTERFACE:${CUDA_cudart_static_LIBRARY}> $<INSTALL_INTERFACE:dl>
    $<INSTALL_INTERFACE:rt>)
