/* A 1-D halo exchange: per iteration a fixed compute, 64 KiB to each neighbour (rendezvous) and
   512 B back (eager), then an 8-byte allreduce; a broadcast first and an all-to-all last. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdlib.h>
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int r, n; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &n);
  char* big = calloc(2, 65536); char* small = calloc(2, 512); double x = r, y = 0;
  double* a2a = calloc(n * 64, sizeof(double)); double* b2b = calloc(n * 64, sizeof(double));
  MPI_Bcast(a2a, 128, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int left = (r + n - 1) % n, right = (r + 1) % n;
  for (int it = 0; it < 10; it++) {
    smpi_execute_flops(2e6 * (1 + r % 2));
    MPI_Request q[4];
    MPI_Irecv(big, 65536, MPI_BYTE, left, 1, MPI_COMM_WORLD, &q[0]);
    MPI_Irecv(small, 64, MPI_DOUBLE, right, 2, MPI_COMM_WORLD, &q[1]);
    MPI_Isend(big + 65536, 65536, MPI_BYTE, right, 1, MPI_COMM_WORLD, &q[2]);
    MPI_Isend(small + 512, 64, MPI_DOUBLE, left, 2, MPI_COMM_WORLD, &q[3]);
    MPI_Waitall(4, q, MPI_STATUSES_IGNORE);
    MPI_Allreduce(&x, &y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  }
  MPI_Alltoall(a2a, 64, MPI_DOUBLE, b2b, 64, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
