// The public header compiled and used from C++.
#include <collide2d.h>
#include <cstdio>

int main() {
    c2d_aabb a, b;
    if (c2d_aabb_from_center(c2d_v2(0, 0), c2d_v2(1, 1), &a) != C2D_OK) return 1;
    if (c2d_aabb_from_center(c2d_v2(1.5f, 0), c2d_v2(1, 1), &b) != C2D_OK) return 1;
    c2d_shape sa = c2d_shape_from_aabb(a), sb = c2d_shape_from_aabb(b);
    bool hit = c2d_shape_overlap(&sa, &sb);
    std::printf("c++: overlap %d, version %d\n", hit ? 1 : 0, c2d_version());
    return hit ? 0 : 1;
}
