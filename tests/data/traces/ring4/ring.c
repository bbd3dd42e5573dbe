/* A tiny MPI program: a ring exchange, a small compute loop and an allreduce (traceedge32's test trace). */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv) {
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double buf[256] = {0}, in[256];
  double acc = 0;
  for (int it = 0; it < 3; it++) {
    for (int i = 0; i < 200000; i++) acc += i * 1e-9;
    MPI_Sendrecv(buf, 256, MPI_DOUBLE, (rank + 1) % size, 7, in, 256, MPI_DOUBLE, (rank + size - 1) % size, 7,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank == 0) MPI_Send(buf, 32, MPI_DOUBLE, size - 1, 9, MPI_COMM_WORLD);
    if (rank == size - 1) MPI_Recv(in, 32, MPI_DOUBLE, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Allreduce(&acc, &in[0], 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
