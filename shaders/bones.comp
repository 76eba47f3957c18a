// The bone pre-pass as a compute shader (OpenGL 4.3): one invocation per instance and bone
// computes the bone's matrix for this frame once (the instance's two frames blended, late v3's
// skin x bind applied, the instance's yaw and offset folded in: playback.glsl) and writes its
// three rows where skinned_bones.vert reads them. GlRenderer::composeShader puts
// `#version 430 core` and playback.glsl before this file.
//
// Invocations are numbered instance-major (bone fastest) over a 2D grid of work groups, as
// many as the instance count needs (a 1D dispatch stops at 65,535 groups).

layout(local_size_x = 64) in;

// CreatureInstance records as they lie in the instance buffer: x, y, z, yaw, frame count, fps,
// phase (floats), first global frame, loop and ghost bits (uints): 9 words each.
layout(std430, binding = 0) readonly buffer Instances
{
    uint words[];
};

struct BoneRows
{
    vec4 r0;
    vec4 r1;
    vec4 r2;
};
layout(std430, binding = 1) writeonly buffer Bones
{
    BoneRows matrices[];
};

// ints, not uints: Qt's setUniformValue(GLuint) is glUniform1i, meant for samplers.
uniform int uInstanceCount; // instances of this pass
uniform int uBoneCount;
uniform int uBoneBase; // the first instance's place in the bone buffer

void main()
{
    uint id = gl_GlobalInvocationID.y * (gl_NumWorkGroups.x * gl_WorkGroupSize.x) + gl_GlobalInvocationID.x;
    uint bones = uint(uBoneCount);
    uint instance = id / bones;
    uint bone = id - instance * bones;
    if (instance >= uint(uInstanceCount))
        return;
    uint w = instance * 9u;
    vec4 placement = vec4(uintBitsToFloat(words[w]), uintBitsToFloat(words[w + 1u]), uintBitsToFloat(words[w + 2u]),
                          uintBitsToFloat(words[w + 3u]));
    vec3 clip = vec3(uintBitsToFloat(words[w + 4u]), uintBitsToFloat(words[w + 5u]), uintBitsToFloat(words[w + 6u]));
    uvec2 base = uvec2(words[w + 7u], words[w + 8u]);
    vec4 r0, r1, r2;
    instanceBoneRows(int(bone), placement, clip, base, r0, r1, r2);
    matrices[(uint(uBoneBase) + instance) * bones + bone] = BoneRows(r0, r1, r2);
}
