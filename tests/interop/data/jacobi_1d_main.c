/* SPDX-License-Identifier: MIT */
#include <stdio.h>
void kernel_jacobi_1d(int tsteps, int n, double A[n], double B[n]);
enum { N = 30, T = 7 };
int main(void)
{
    static double A[N], B[N];
    for (int i = 0; i < N; i++) {
        A[i] = ((double)i + 2) / N;
        B[i] = ((double)i + 3) / N;
    }
    kernel_jacobi_1d(T, N, A, B);
    for (int i = 0; i < N; i++)
        printf("%a %a\n", A[i], B[i]);
    return 0;
}
