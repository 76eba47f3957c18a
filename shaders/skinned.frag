#version 330 core
// Lit creature surface: a key light, a fill and hemisphere ambient over per-role materials, or
// one colour per bone in the debug mode; the selected bone glows orange.
in vec3 vWorld;
in vec3 vNormal;
flat in uint vRole;
flat in int vBone;
in float vSelected;
in float vGhost;

uniform vec3 uRoleColors[16]; // 7 used by the stand-ins (bpat::ColorRole), 16 by the game's bodies
uniform int uColorMode;      // 0 materials, 1 per-bone colours
uniform vec3 uCameraPosition;

out vec4 fragColor;

vec3 boneColor(int bone)
{
    float h = fract(float(bone) * 0.618034);
    vec3 k = clamp(abs(fract(h + vec3(0.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0) - 1.0, 0.0, 1.0);
    return mix(vec3(1.0), k, 0.65);
}

void main()
{
    vec3 n = normalize(vNormal);
    vec3 toCamera = normalize(uCameraPosition - vWorld);
    if (dot(n, toCamera) < 0.0)
        n = -n; // two-sided: mirrored parts and open seams still shade
    vec3 base = uColorMode == 1 ? boneColor(vBone) : uRoleColors[min(vRole, 15u)];
    vec3 key = normalize(vec3(0.5, 0.8, 0.45));
    vec3 fill = normalize(vec3(-0.6, 0.3, -0.5));
    float diffuse = max(dot(n, key), 0.0) * 0.75 + max(dot(n, fill), 0.0) * 0.2;
    float ambient = mix(0.18, 0.32, n.y * 0.5 + 0.5);
    float spec = pow(max(dot(reflect(-key, n), toCamera), 0.0), 24.0) * 0.15;
    vec3 color = base * (ambient + diffuse) + vec3(spec);
    color = mix(color, vec3(1.0, 0.55, 0.1), vSelected * 0.6);
    // Onion skins: tinted cool and faded, the more the further from the current frame. The
    // compare ghost (vGhost < 0): tinted warm.
    color = mix(color, vec3(0.55, 0.7, 1.0), vGhost > 0.0 ? 0.45 : 0.0);
    color = mix(color, vec3(1.0, 0.35, 0.15), vGhost < 0.0 ? 0.7 : 0.0);
    float alpha = vGhost != 0.0 ? 0.55 * (1.0 - abs(vGhost)) + 0.08 : 1.0;
    fragColor = vec4(pow(color, vec3(1.0 / 1.1)), alpha);
}
