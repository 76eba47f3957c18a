// Today's path (the fallback of the bone pre-pass): skins creature vertices straight from the
// palette texture, every vertex fetching and blending its bones' rows of two frames
// (playback.glsl, which GlRenderer::composeShader puts before this file, after
// `#version 330 core`). The frame comes from per-instance clip data and the time uniform, so
// advancing time costs no CPU work per instance. skinned_bones.vert draws the same from the
// matrices the pre-pass computed once per instance and bone.

layout(location = 0) in vec3 aPosition; // bone-local (see CreatureMesh), or the bind pose (uBindSpace)
layout(location = 1) in vec3 aNormal;
layout(location = 2) in uvec4 aBones;
layout(location = 3) in vec4 aWeights;
layout(location = 4) in uint aRole;

layout(location = 5) in vec4 iPlacement; // model-space offset xyz, yaw (radians)
layout(location = 6) in vec3 iClip;      // frame count, fps, phase offset in [0,1)
layout(location = 7) in uvec2 iClipBase; // first global frame; bit 0: loops, bits 8..15: onion fade, bit 16: compare ghost

uniform mat4 uViewProjection;
uniform int uSelectedBone;   // -1: none

out vec3 vWorld;             // also captured by transform feedback in tests
out vec3 vNormal;
flat out uint vRole;
flat out int vBone;
out float vSelected;
out float vGhost;             // 0: the creature; 0 < g <= 1: an onion skin, fainter as g grows; < 0: the compare ghost

void main()
{
    int frame0, frame1;
    float blend;
    clipFrames(iClip, iClipBase, frame0, frame1, blend);

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
