# Loads a glTF into Blender and prints what it made of it as one JSON line after "RESULT ":
# armatures, bones, each mesh (vertices, faces, materials, vertex groups, uv layers, modifiers,
# parent), material names, actions, and the skinned mesh's bounds at a frame of an action.
# Run by tests/core/gltf/tst_GltfBodyExport.cpp:
#   blender -b --factory-startup --python check_gltf.py -- FILE.glb ACTION FRAME
import json
import sys

import bpy
import numpy

# Debian 12: Blender 3.4's glTF importer still uses np.bool, which numpy 1.24 removed
# (the import fails with "module 'numpy' has no attribute 'bool'").
if not hasattr(numpy, "bool"):
    numpy.bool = bool

path, action, frame = sys.argv[sys.argv.index("--") + 1:][:3]
bpy.ops.wm.read_factory_settings(use_empty=True)
bpy.ops.import_scene.gltf(filepath=path)
armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
meshes = [o for o in bpy.data.objects if o.type == "MESH"]
result = {
    "armatures": len(armatures),
    "bones": sorted(b.name for b in armatures[0].data.bones) if armatures else [],
    "meshes": [{"vertices": len(m.data.vertices), "faces": len(m.data.polygons), "materials": len(m.data.materials),
                "groups": len(m.vertex_groups), "uv_layers": len(m.data.uv_layers),
                "modifiers": [md.type for md in m.modifiers], "parent": m.parent.name if m.parent else None}
               for m in meshes],
    "material_names": sorted(m.name for m in bpy.data.materials),
    "actions": sorted(a.name for a in bpy.data.actions),
}
if armatures and meshes:
    chosen = [a for a in bpy.data.actions if a.name.startswith(action)]
    if chosen:
        armatures[0].animation_data.action = chosen[0]
    bpy.context.scene.frame_set(int(frame))
    mesh = meshes[0]
    evaluated = mesh.evaluated_get(bpy.context.evaluated_depsgraph_get())
    points = [mesh.matrix_world @ v.co for v in evaluated.data.vertices]
    result["bounds"] = [[min(p[i] for p in points) for i in range(3)], [max(p[i] for p in points) for i in range(3)]]
print("RESULT " + json.dumps(result))
