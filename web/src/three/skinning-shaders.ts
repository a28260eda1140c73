// Our skinning as GLSL, put together from the chunks in shaders/: what every
// method reads (influences, bone texture), the normal transform, and the
// method's SkinBlend with its maps. The skinned character's own vertex shader
// adds its main (skinning.vert.glsl); three.js materials take the chunks in
// place of three.js's skinning (material-skinning.ts). GLSL has no #include;
// the order here is the order of declaration.
import normalTransform from '../../../shaders/normal-transform.glsl?raw';
import skinDqs from '../../../shaders/skin-dqs.glsl?raw';
import skinInputs from '../../../shaders/skin-inputs.glsl?raw';
import skinLbs from '../../../shaders/skin-lbs.glsl?raw';
import skinningMain from '../../../shaders/skinning.vert.glsl?raw';
import type { SkinningMethod } from '../rig/rig.js';

/** Texels of bone data per bone: the palette matrix (4), or the packed DQS data (5). */
export const TEXELS_PER_BONE: Readonly<Record<SkinningMethod, number>> = { lbs: 4, dqs: 5 };

const METHOD_CHUNKS: Readonly<Record<SkinningMethod, string>> = { lbs: skinLbs, dqs: skinDqs };

/** Declarations of `method`'s skinning: SkinBlend, skinBlend(), skinPosition(), skinNormal(), skinTangent(). */
export function skinningChunks(method: SkinningMethod): string {
  return [skinInputs, normalTransform, METHOD_CHUNKS[method]].join('\n');
}

export function skinningVertexShader(method: SkinningMethod): string {
  return [skinningChunks(method), skinningMain].join('\n');
}
