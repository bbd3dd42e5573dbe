#include <mpi.h>
#include <stdlib.h>
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int r, n; MPI_Comm_rank(MPI_COMM_WORLD, &r); MPI_Comm_size(MPI_COMM_WORLD, &n);
  double a[1024], b[1024*8]; int cnt[8], disp[8], scnt[8];
  for (int i = 0; i < 1024; i++) a[i] = i;
  for (int i = 0; i < n; i++) { cnt[i] = 2 + i; disp[i] = i * 16; scnt[i] = 2 + r; }
  MPI_Request rq[4]; MPI_Status st[4];
  MPI_Irecv(b, 10, MPI_DOUBLE, (r + n - 1) % n, 5, MPI_COMM_WORLD, &rq[0]);
  MPI_Isend(a, 10, MPI_DOUBLE, (r + 1) % n, 5, MPI_COMM_WORLD, &rq[1]);
  MPI_Wait(&rq[0], &st[0]);
  MPI_Wait(&rq[1], &st[1]);
  MPI_Irecv(b, 7, MPI_INT, (r + n - 1) % n, 6, MPI_COMM_WORLD, &rq[0]);
  MPI_Isend(a, 7, MPI_INT, (r + 1) % n, 6, MPI_COMM_WORLD, &rq[1]);
  MPI_Waitall(2, rq, st);
  if (r == 0) MPI_Send(a, 100, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
  if (r == 1) MPI_Recv(b, 100, MPI_BYTE, 0, 1, MPI_COMM_WORLD, &st[0]);
  double t = 0; for (int i = 0; i < 1000000; i++) t += a[i % 1024] * 1.0001;
  a[0] = t;
  MPI_Bcast(a, 16, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Reduce(a, b, 8, MPI_DOUBLE, MPI_SUM, 1, MPI_COMM_WORLD);
  MPI_Allreduce(a, b, 4, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Alltoall(a, 3, MPI_DOUBLE, b, 3, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Alltoallv(a, scnt, disp, MPI_DOUBLE, b, cnt, disp, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Gather(a, 5, MPI_DOUBLE, b, 5, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Gatherv(a, cnt[r], MPI_DOUBLE, b, cnt, disp, MPI_DOUBLE, 2, MPI_COMM_WORLD);
  MPI_Allgather(a, 2, MPI_DOUBLE, b, 2, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Allgatherv(a, cnt[r], MPI_DOUBLE, b, cnt, disp, MPI_DOUBLE, MPI_COMM_WORLD);
  MPI_Scatter(a, 3, MPI_DOUBLE, b, 3, MPI_DOUBLE, 1, MPI_COMM_WORLD);
  MPI_Scatterv(a, cnt, disp, MPI_DOUBLE, b, cnt[r], MPI_DOUBLE, 0, MPI_COMM_WORLD);
  MPI_Reduce_scatter(a, b, cnt, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  int flag; MPI_Irecv(b, 1, MPI_DOUBLE, (r + n - 1) % n, 9, MPI_COMM_WORLD, &rq[0]);
  MPI_Send(a, 1, MPI_DOUBLE, (r+1)%n, 9, MPI_COMM_WORLD);
  MPI_Test(&rq[0], &flag, &st[0]);
  MPI_Wait(&rq[0], &st[0]);
  MPI_Sendrecv(a, 4, MPI_DOUBLE, (r+1)%n, 3, b, 4, MPI_DOUBLE, (r+n-1)%n, 3, MPI_COMM_WORLD, &st[0]);
  MPI_Finalize();
  return 0;
}
