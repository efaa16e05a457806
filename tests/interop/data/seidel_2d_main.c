/* SPDX-License-Identifier: MIT */
#include <stdio.h>
void kernel_seidel_2d(int tsteps, int n, double A[n][n]);
enum { N = 17, T = 6 };
int main(void)
{
    static double A[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            A[i][j] = ((double)i * (j + 2) + 2) / N;
    kernel_seidel_2d(T, N, A);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            printf("%a\n", A[i][j]);
    return 0;
}
