#version 330 core
// Skins creature vertices from the palette texture. Texel (4*bone + k, frame) holds row k of the
// bone's row-major global matrix (v1, v2, early v3), or in late v3 column k of its column-major
// skinning matrix, multiplied here by the bind palette (global = skin x bind) for the stand-in
// meshes, whose vertices are bone-local, or applied as stored to the game's bodies (BPRM), whose
// vertices are the bind pose in model space (uBindSpace: skin x p, as the game draws them); frames past one
// layer's rows continue in the next array layer. The frame comes from per-instance clip data and the time uniform, so advancing
// time costs no CPU work per instance.

layout(location = 0) in vec3 aPosition; // bone-local (see CreatureMesh), or the bind pose (uBindSpace)
layout(location = 1) in vec3 aNormal;
layout(location = 2) in uvec4 aBones;
layout(location = 3) in vec4 aWeights;
layout(location = 4) in uint aRole;

layout(location = 5) in vec4 iPlacement; // model-space offset xyz, yaw (radians)
layout(location = 6) in vec3 iClip;      // frame count, fps, phase offset in [0,1)
layout(location = 7) in uvec2 iClipBase; // first global frame; bit 0: loops, bits 8..15: onion fade, bit 16: compare ghost

uniform sampler2DArray uPalette;
uniform bool uSkinning;      // late v3: the palette holds skinning matrices
uniform sampler2DArray uBind; // late v3: texel 4*bone + k is column k of the bone's bind matrix
uniform bool uBindSpace;     // late v3: the vertices are the bind pose: skinning matrices as stored
uniform int uRowsPerLayer;
uniform float uTime;         // seconds
uniform bool uInterpolate;   // blend adjacent frames as the game's playback did
uniform mat4 uViewProjection;
uniform int uSelectedBone;   // -1: none

out vec3 vWorld;             // also captured by transform feedback in tests
out vec3 vNormal;
flat out uint vRole;
flat out int vBone;
out float vSelected;
out float vGhost;             // 0: the creature; 0 < g <= 1: an onion skin, fainter as g grows; < 0: the compare ghost

// Rows 0..2 of a bone's global matrix in a global frame (row 3 is 0 0 0 1).
void boneRows(int bone, int frame, out vec4 r0, out vec4 r1, out vec4 r2)
{
    int layer = frame / uRowsPerLayer;
    ivec3 at = ivec3(bone * 4, frame - layer * uRowsPerLayer, layer);
    if (uSkinning) {
        ivec3 b = ivec3(bone * 4, 0, 0);
        mat4 skin = mat4(texelFetch(uPalette, at, 0), texelFetch(uPalette, at + ivec3(1, 0, 0), 0),
                         texelFetch(uPalette, at + ivec3(2, 0, 0), 0), texelFetch(uPalette, at + ivec3(3, 0, 0), 0));
        if (uBindSpace) {
            r0 = vec4(skin[0][0], skin[1][0], skin[2][0], skin[3][0]);
            r1 = vec4(skin[0][1], skin[1][1], skin[2][1], skin[3][1]);
            r2 = vec4(skin[0][2], skin[1][2], skin[2][2], skin[3][2]);
            return;
        }
        mat4 bind = mat4(texelFetch(uBind, b, 0), texelFetch(uBind, b + ivec3(1, 0, 0), 0),
                         texelFetch(uBind, b + ivec3(2, 0, 0), 0), texelFetch(uBind, b + ivec3(3, 0, 0), 0));
        mat4 g = skin * bind; // g[column][row]
        r0 = vec4(g[0][0], g[1][0], g[2][0], g[3][0]);
        r1 = vec4(g[0][1], g[1][1], g[2][1], g[3][1]);
        r2 = vec4(g[0][2], g[1][2], g[2][2], g[3][2]);
        return;
    }
    r0 = texelFetch(uPalette, at, 0);
    r1 = texelFetch(uPalette, at + ivec3(1, 0, 0), 0);
    r2 = texelFetch(uPalette, at + ivec3(2, 0, 0), 0);
}

// The game's playback: phase wrapped (looping) or clamped (one-shot); pos = phase * count;
// frame = clamp(floor(pos), 0, count-1); next wraps to 0 when looping, holds when one-shot.
void clipFrames(out int frame0, out int frame1, out float blend)
{
    float count = max(iClip.x, 1.0);
    bool loops = (iClipBase.y & 1u) != 0u;
    float phase = iClip.z + uTime * iClip.y / count;
    phase = loops ? fract(phase) : clamp(phase, 0.0, 1.0);
    float pos = phase * count;
    float f = clamp(floor(pos + 1e-4), 0.0, count - 1.0);
    blend = uInterpolate ? clamp(pos - f, 0.0, 1.0) : 0.0;
    int n = int(count);
    int next = int(f) + 1;
    if (next >= n)
        next = loops ? 0 : n - 1;
    frame0 = int(iClipBase.x) + int(f);
    frame1 = int(iClipBase.x) + next;
}

void main()
{
    int frame0, frame1;
    float blend;
    clipFrames(frame0, frame1, blend);

    vec4 r0 = vec4(0.0), r1 = vec4(0.0), r2 = vec4(0.0);
    for (int i = 0; i < 4; ++i) {
        float w = aWeights[i];
        if (w == 0.0)
            continue;
        vec4 a0, a1, a2;
        boneRows(int(aBones[i]), frame0, a0, a1, a2);
        if (blend > 0.0) {
            vec4 b0, b1, b2;
            boneRows(int(aBones[i]), frame1, b0, b1, b2);
            a0 = mix(a0, b0, blend);
            a1 = mix(a1, b1, blend);
            a2 = mix(a2, b2, blend);
        }
        r0 += w * a0;
        r1 += w * a1;
        r2 += w * a2;
    }
    vec4 p = vec4(aPosition, 1.0);
    vec3 model = vec3(dot(r0, p), dot(r1, p), dot(r2, p));
    // Normals by the cofactor of the linear part (right under the Body bone's non-uniform scale).
    vec3 c0 = vec3(r0.x, r1.x, r2.x), c1 = vec3(r0.y, r1.y, r2.y), c2 = vec3(r0.z, r1.z, r2.z);
    vec3 n = cross(c1, c2) * aNormal.x + cross(c2, c0) * aNormal.y + cross(c0, c1) * aNormal.z;

    float s = sin(iPlacement.w), c = cos(iPlacement.w);
    mat3 yaw = mat3(c, 0.0, -s, 0.0, 1.0, 0.0, s, 0.0, c);
    vWorld = yaw * model + iPlacement.xyz;
    vNormal = yaw * n;
    vRole = aRole;
    vBone = int(aBones[0]);
    vGhost = float((iClipBase.y >> 8u) & 255u) / 255.0;
    if ((iClipBase.y & 65536u) != 0u)
        vGhost = -vGhost; // the other file of compare mode: its own tint
    vSelected = (uSelectedBone >= 0 && int(aBones[0]) == uSelectedBone) ? 1.0 : 0.0;
    gl_Position = uViewProjection * vec4(vWorld, 1.0);
    // Onion skins sit a little behind in depth, so where a ghost coincides with the creature
    // (a gallop in place) the creature stays solid and the ghost shows only where it differs.
    if (vGhost != 0.0)
        gl_Position.z += 0.002 * gl_Position.w;
}
