#version 330 core
// Socket gizmos drawn entirely from the socket texture: one instance per socket, six vertices
// (three axis lines) each. Texel (3*s + k, frame) holds row k of socket s's model-space matrix.
uniform sampler2DArray uSockets;
uniform int uRowsPerLayer;
uniform int uFrame;
uniform float uSize;
uniform mat4 uViewProjection;
uniform vec4 uPlacement; // the creature's offset xyz and yaw
out vec4 vColor;
void main()
{
    int layer = uFrame / uRowsPerLayer;
    ivec3 at = ivec3(gl_InstanceID * 3, uFrame - layer * uRowsPerLayer, layer);
    vec4 r0 = texelFetch(uSockets, at, 0);
    vec4 r1 = texelFetch(uSockets, at + ivec3(1, 0, 0), 0);
    vec4 r2 = texelFetch(uSockets, at + ivec3(2, 0, 0), 0);
    int axis = gl_VertexID / 2;
    vec4 p = vec4(0.0, 0.0, 0.0, 1.0);
    if ((gl_VertexID & 1) == 1)
        p[axis] = uSize;
    vec3 model = vec3(dot(r0, p), dot(r1, p), dot(r2, p));
    float s = sin(uPlacement.w), c = cos(uPlacement.w);
    vec3 world = mat3(c, 0.0, -s, 0.0, 1.0, 0.0, s, 0.0, c) * model + uPlacement.xyz;
    vColor = vec4(axis == 0 ? 1.0 : 0.25, axis == 1 ? 1.0 : 0.25, axis == 2 ? 1.0 : 0.25, 1.0);
    gl_Position = uViewProjection * vec4(world, 1.0);
}
