#version 330 core
// Draws one stored frame of a BPSM minimal snapshot mesh. Its vertices were skinned on the CPU
// by the baker: positions and normals are already in model space, so unlike skinned.vert there
// is no palette lookup. Feeds skinned.frag (same outputs).

layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in uvec4 aBones;
layout(location = 4) in uint aRole;

uniform mat4 uViewProjection;
uniform int uSelectedBone;   // -1: none

out vec3 vWorld;
out vec3 vNormal;
flat out uint vRole;
flat out int vBone;
out float vSelected;

void main()
{
    vWorld = aPosition;
    vNormal = aNormal;
    vRole = aRole;
    vBone = int(aBones[0]);
    vSelected = (uSelectedBone >= 0 && int(aBones[0]) == uSelectedBone) ? 1.0 : 0.0;
    gl_Position = uViewProjection * vec4(vWorld, 1.0);
}
