// The bone pre-pass where the context has no compute shaders (OpenGL 3.3): drawn as points,
// one per bone (gl_VertexID) of every instance (the instance attributes), rasterizer discarded,
// the three rows captured by transform feedback into the bone buffer in instance-major order,
// where skinned_bones.vert reads them. The same computation as bones.comp (playback.glsl);
// GlRenderer::composeShader puts `#version 330 core` and playback.glsl before this file.

layout(location = 5) in vec4 iPlacement; // model-space offset xyz, yaw (radians)
layout(location = 6) in vec3 iClip;      // frame count, fps, phase offset in [0,1)
layout(location = 7) in uvec2 iClipBase; // first global frame; bit 0: loops

out vec4 bRow0; // captured, interleaved: 48 bytes a bone
out vec4 bRow1;
out vec4 bRow2;

void main()
{
    instanceBoneRows(gl_VertexID, iPlacement, iClip, iClipBase, bRow0, bRow1, bRow2);
    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
}
