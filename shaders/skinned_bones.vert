// Skins creature vertices with the matrices the bone pre-pass computed for this frame (bones.comp
// or bones_feedback.vert): one matrix read per influence, whatever the dialect and whether frames
// are blended; the instance's placement is already in it. GlRenderer::composeShader puts the
// version first: `#version 430 core` with BONES_SSBO (the rows read as one struct from a shader
// storage buffer) or `#version 330 core` (three texels of a buffer texture).

layout(location = 0) in vec3 aPosition; // bone-local (see CreatureMesh), or the bind pose
layout(location = 1) in vec3 aNormal;
layout(location = 2) in uvec4 aBones;
layout(location = 3) in vec4 aWeights;
layout(location = 4) in uint aRole;

layout(location = 7) in uvec2 iClipBase; // bits 8..15: onion fade, bit 16: compare ghost

#ifdef BONES_SSBO
struct BoneRows
{
    vec4 r0;
    vec4 r1;
    vec4 r2;
};
layout(std430, binding = 1) readonly buffer Bones
{
    BoneRows bones[];
};
void fetchBone(int i, out vec4 r0, out vec4 r1, out vec4 r2)
{
    BoneRows b = bones[i];
    r0 = b.r0;
    r1 = b.r1;
    r2 = b.r2;
}
#else
uniform samplerBuffer uBones; // RGBA32F: texels 3i, 3i+1, 3i+2 are the rows of matrix i
void fetchBone(int i, out vec4 r0, out vec4 r1, out vec4 r2)
{
    r0 = texelFetch(uBones, 3 * i);
    r1 = texelFetch(uBones, 3 * i + 1);
    r2 = texelFetch(uBones, 3 * i + 2);
}
#endif

uniform int uBoneBase; // this draw's first instance in the bone buffer
uniform int uBoneCount;
uniform mat4 uViewProjection;
uniform int uSelectedBone; // -1: none

out vec3 vWorld; // also captured by transform feedback in tests
out vec3 vNormal;
flat out uint vRole;
flat out int vBone;
out float vSelected;
out float vGhost; // 0: the creature; 0 < g <= 1: an onion skin; < 0: the compare ghost

void main()
{
    int first = (uBoneBase + gl_InstanceID) * uBoneCount;
    vec4 r0 = vec4(0.0), r1 = vec4(0.0), r2 = vec4(0.0);
    for (int i = 0; i < 4; ++i) {
        float w = aWeights[i];
        if (w == 0.0)
            continue;
        vec4 a0, a1, a2;
        fetchBone(first + int(aBones[i]), a0, a1, a2);
        r0 += w * a0;
        r1 += w * a1;
        r2 += w * a2;
    }
    vec4 p = vec4(aPosition, 1.0);
    vWorld = vec3(dot(r0, p), dot(r1, p), dot(r2, p));
    // Normals by the cofactor of the linear part (right under the Body bone's non-uniform scale;
    // the instance's yaw is a rotation, so it passes through).
    vec3 c0 = vec3(r0.x, r1.x, r2.x), c1 = vec3(r0.y, r1.y, r2.y), c2 = vec3(r0.z, r1.z, r2.z);
    vNormal = cross(c1, c2) * aNormal.x + cross(c2, c0) * aNormal.y + cross(c0, c1) * aNormal.z;
    vRole = aRole;
    vBone = int(aBones[0]);
    vGhost = float((iClipBase.y >> 8u) & 255u) / 255.0;
    if ((iClipBase.y & 65536u) != 0u)
        vGhost = -vGhost; // the other file of compare mode: its own tint
    vSelected = (uSelectedBone >= 0 && int(aBones[0]) == uSelectedBone) ? 1.0 : 0.0;
    gl_Position = uViewProjection * vec4(vWorld, 1.0);
    if (vGhost != 0.0)
        gl_Position.z += 0.002 * gl_Position.w; // as skinned.vert: ghosts a little behind
}
