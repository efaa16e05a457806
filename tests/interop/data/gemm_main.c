/* SPDX-License-Identifier: MIT */
#include <stdio.h>
void kernel_gemm(int ni, int nj, int nk, double alpha, double beta, double C[ni][nj], double A[ni][nk],
                 double B[nk][nj]);
enum { NI = 13, NJ = 11, NK = 9 };
int main(void)
{
    static double C[NI][NJ], A[NI][NK], B[NK][NJ];
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            C[i][j] = (double)((i * j + 1) % NI) / NI;
    for (int i = 0; i < NI; i++)
        for (int k = 0; k < NK; k++)
            A[i][k] = (double)(i * (k + 1) % NK) / NK;
    for (int k = 0; k < NK; k++)
        for (int j = 0; j < NJ; j++)
            B[k][j] = (double)(k * (j + 2) % NJ) / NJ;
    kernel_gemm(NI, NJ, NK, 1.5, 1.2, C, A, B);
    for (int i = 0; i < NI; i++)
        for (int j = 0; j < NJ; j++)
            printf("%a\n", C[i][j]);
    return 0;
}
