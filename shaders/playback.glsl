// The game's playback of a clip and the palette's rows, shared by skinned.vert (today's path:
// per vertex), bones.comp and bones_feedback.vert (the bone pre-pass: per instance and bone).
// No #version line: GlRenderer::composeShader puts the program's own first.
//
// Texel (4*bone + k, frame) holds row k of the bone's row-major global matrix (v1, v2, early
// v3), or in late v3 column k of its column-major skinning matrix, multiplied here by the bind
// palette (global = skin x bind) for the stand-in meshes, whose vertices are bone-local, or
// applied as stored to the game's bodies (BPRM), whose vertices are the bind pose in model
// space (uBindSpace: skin x p, as the game draws them). Frames past one layer's rows continue in
// the next array layer.

uniform sampler2DArray uPalette;
uniform bool uSkinning;       // late v3: the palette holds skinning matrices
uniform sampler2DArray uBind; // late v3: texel 4*bone + k is column k of the bone's bind matrix
uniform bool uBindSpace;      // late v3: the vertices are the bind pose: skinning matrices as stored
uniform int uRowsPerLayer;
uniform float uTime;       // seconds
uniform bool uInterpolate; // blend adjacent frames as the game's playback did

// Rows 0..2 of a bone's matrix in a global frame (row 3 is 0 0 0 1).
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

// The game's playback of an instance's clip (frame count, fps, phase offset; first global
// frame, loop bit): phase wrapped (looping) or clamped (one-shot); pos = phase * count;
// frame = clamp(floor(pos), 0, count-1); next wraps to 0 when looping, holds when one-shot.
void clipFrames(vec3 clip, uvec2 base, out int frame0, out int frame1, out float blend)
{
    float count = max(clip.x, 1.0);
    bool loops = (base.y & 1u) != 0u;
    float phase = clip.z + uTime * clip.y / count;
    phase = loops ? fract(phase) : clamp(phase, 0.0, 1.0);
    float pos = phase * count;
    float f = clamp(floor(pos + 1e-4), 0.0, count - 1.0);
    blend = uInterpolate ? clamp(pos - f, 0.0, 1.0) : 0.0;
    int n = int(count);
    int next = int(f) + 1;
    if (next >= n)
        next = loops ? 0 : n - 1;
    frame0 = int(base.x) + int(f);
    frame1 = int(base.x) + next;
}

// One bone of one instance: its rows between the instance's two frames, then the instance's
// placement (yaw about +Y, then the offset) applied, so a vertex needs nothing else.
void instanceBoneRows(int bone, vec4 placement, vec3 clip, uvec2 base, out vec4 r0, out vec4 r1, out vec4 r2)
{
    int frame0, frame1;
    float blend;
    clipFrames(clip, base, frame0, frame1, blend);
    boneRows(bone, frame0, r0, r1, r2);
    if (blend > 0.0) {
        vec4 b0, b1, b2;
        boneRows(bone, frame1, b0, b1, b2);
        r0 = mix(r0, b0, blend);
        r1 = mix(r1, b1, blend);
        r2 = mix(r2, b2, blend);
    }
    // yaw x M: row 0 = c r0 + s r2, row 2 = -s r0 + c r2 (the yaw of skinned.vert), then the
    // offset in the translation column.
    float s = sin(placement.w), c = cos(placement.w);
    vec4 y0 = c * r0 + s * r2;
    vec4 y2 = -s * r0 + c * r2;
    r0 = y0 + vec4(0.0, 0.0, 0.0, placement.x);
    r1 = r1 + vec4(0.0, 0.0, 0.0, placement.y);
    r2 = y2 + vec4(0.0, 0.0, 0.0, placement.z);
}
