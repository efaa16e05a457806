/* SPDX-License-Identifier: MIT */
#include <stdio.h>
void kernel_fdtd_2d(int tmax, int nx, int ny, double ex[nx][ny], double ey[nx][ny], double hz[nx][ny],
                    double fict[tmax]);
enum { TMAX = 5, NX = 12, NY = 14 };
int main(void)
{
    static double ex[NX][NY], ey[NX][NY], hz[NX][NY], fict[TMAX];
    for (int t = 0; t < TMAX; t++)
        fict[t] = (double)t;
    for (int i = 0; i < NX; i++)
        for (int j = 0; j < NY; j++) {
            ex[i][j] = ((double)i * (j + 1)) / NX;
            ey[i][j] = ((double)i * (j + 2)) / NY;
            hz[i][j] = ((double)i * (j + 3)) / NX;
        }
    kernel_fdtd_2d(TMAX, NX, NY, ex, ey, hz, fict);
    for (int i = 0; i < NX; i++)
        for (int j = 0; j < NY; j++)
            printf("%a %a %a\n", ex[i][j], ey[i][j], hz[i][j]);
    return 0;
}
