// Lays the character out as a glTF 2.0 document: one node per joint (rest offset from its
// parent, kinematic limits in extras), a skinned mesh node "body", one skin, one material.
import { BUFFER_TARGET, GlbBuffer, writeGlb } from './glb-writer.mjs';
import { restJointPositions_ms } from './skeleton.mjs';

const GENERATOR = 'kin-pose make-character';
const TRIANGLES = 4;

// A light skin tone (linear RGB), matte.
const SKIN_MATERIAL = {
  name: 'skin',
  pbrMetallicRoughness: { baseColorFactor: [0.8, 0.6, 0.49, 1], metallicFactor: 0, roughnessFactor: 0.6 },
};

function jointNode(joint, children, landmarks) {
  const node = {
    name: joint.name,
    translation: joint.offset,
    extras: {
      kin: {
        order: 'XYZ',
        min: joint.min,
        max: joint.max,
        tip: joint.tip,
        stiffness: joint.stiffness ?? 1,
        ...(joint.ikRange === undefined ? {} : { ikRange: joint.ikRange }),
        ...(joint.frame === undefined ? {} : { frame: joint.frame }),
        ...(landmarks === undefined ? {} : { landmarks }),
      },
    },
  };
  if (children.length > 0) node.children = children;
  return node;
}

// Joints have no rest rotation or scale, so each bind matrix is a translation to the joint's
// model-space rest position and its inverse the opposite translation (column-major MAT4s).
function inverseBindMatrices(joints) {
  const matrices = new Float32Array(joints.length * 16);
  restJointPositions_ms(joints).forEach(([x, y, z], i) => {
    matrices.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -x, -y, -z, 1], i * 16);
  });
  return matrices;
}

function vec3Bounds(values) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < values.length; i += 3) {
    for (let axis = 0; axis < 3; axis++) {
      min[axis] = Math.min(min[axis], values[i + axis]);
      max[axis] = Math.max(max[axis], values[i + axis]);
    }
  }
  return { min, max };
}

// `mesh` holds typed arrays: positions, normals and colours (Float32Array, three per vertex),
// jointIndices (Uint16Array) and weights (Float32Array), four per vertex, and
// triangles (Uint32Array, counter-clockwise seen from outside). `landmarks` (head-space points
// by name) go into the head joint's extras.kin. Returns the GLB bytes.
export function characterGlb(joints, mesh, landmarks) {
  const buffer = new GlbBuffer();
  const position = buffer.addAccessor(mesh.positions, 'VEC3', BUFFER_TARGET.ARRAY_BUFFER, vec3Bounds(mesh.positions));
  const normal = buffer.addAccessor(mesh.normals, 'VEC3', BUFFER_TARGET.ARRAY_BUFFER);
  const colour = buffer.addAccessor(mesh.colours, 'VEC3', BUFFER_TARGET.ARRAY_BUFFER);
  // JOINTS_0 and WEIGHTS_0 are VEC4 in glTF: four influences per vertex.
  const jointIndices = buffer.addAccessor(mesh.jointIndices, 'VEC4', BUFFER_TARGET.ARRAY_BUFFER);
  const weights = buffer.addAccessor(mesh.weights, 'VEC4', BUFFER_TARGET.ARRAY_BUFFER);
  const indices = buffer.addAccessor(mesh.triangles, 'SCALAR', BUFFER_TARGET.ELEMENT_ARRAY_BUFFER);
  const bindInverses = buffer.addAccessor(inverseBindMatrices(joints), 'MAT4');

  const childrenOf = joints.map((_, parent) => joints.flatMap((joint, i) => (joint.parentIndex === parent ? [i] : [])));
  const rootJoint = joints.findIndex((joint) => joint.parentIndex < 0);
  const bodyNode = joints.length;

  const json = {
    asset: { version: '2.0', generator: GENERATOR },
    scene: 0,
    scenes: [{ name: 'character', nodes: [rootJoint, bodyNode] }],
    nodes: [...joints.map((joint, i) => jointNode(joint, childrenOf[i], joint.name === 'head' ? landmarks : undefined)), { name: 'body', mesh: 0, skin: 0 }],
    meshes: [
      {
        name: 'body',
        primitives: [
          {
            attributes: { POSITION: position, NORMAL: normal, COLOR_0: colour, JOINTS_0: jointIndices, WEIGHTS_0: weights },
            indices,
            material: 0,
            mode: TRIANGLES,
          },
        ],
      },
    ],
    skins: [{ name: 'body', inverseBindMatrices: bindInverses, skeleton: rootJoint, joints: joints.map((_, i) => i) }],
    materials: [SKIN_MATERIAL],
    accessors: buffer.accessors,
    bufferViews: buffer.bufferViews,
    buffers: [{ byteLength: buffer.byteLength }],
  };
  return writeGlb(json, buffer.bytes());
}
