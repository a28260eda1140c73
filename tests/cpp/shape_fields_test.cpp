// The shape tables the parsers read and contract() exports
// (kin/shape_fields.h): each field once, each enum naming its own entry, and
// the keys the page's generated types are written from (a rename here must
// be a rename there: tests/web/contract-shapes.test.ts checks the other side).
#include "kin/shape_fields.h"

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace {

std::vector<std::string> Keys(kin::Shape shape) {
  std::vector<std::string> keys;
  for (const kin::ShapeField& f : kin::ShapeFields(shape)) keys.emplace_back(f.key);
  return keys;
}

TEST(ShapeFields, EveryShapeHasFieldsWithCamelCaseKeysEachOnce) {
  std::set<std::string> shape_names;
  for (int s = 0; s < static_cast<int>(kin::Shape::kCount); ++s) {
    const kin::Shape shape = static_cast<kin::Shape>(s);
    EXPECT_TRUE(shape_names.insert(kin::ShapeName(shape)).second) << kin::ShapeName(shape);
    const std::vector<std::string> keys = Keys(shape);
    ASSERT_FALSE(keys.empty()) << kin::ShapeName(shape);
    EXPECT_EQ(std::set<std::string>(keys.begin(), keys.end()).size(), keys.size()) << kin::ShapeName(shape);
    for (const kin::ShapeField& f : kin::ShapeFields(shape)) {
      ASSERT_TRUE(std::islower(static_cast<unsigned char>(f.key[0]))) << f.key;
      for (const char* c = f.key; *c; ++c) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(*c))) << f.key;
      EXPECT_LT(static_cast<int>(f.kind), static_cast<int>(kin::FieldKind::kCount)) << f.key;
    }
  }
}

// The parsers name a field by its enum: FieldOf must give the table's entry at that place.
template <typename Field>
void ExpectEnumOrder(kin::Shape shape) {
  const auto fields = kin::ShapeFields(shape);
  ASSERT_EQ(fields.size, static_cast<std::size_t>(Field::kCount)) << kin::ShapeName(shape);
  for (int f = 0; f < static_cast<int>(Field::kCount); ++f) EXPECT_EQ(&kin::FieldOf(static_cast<Field>(f)), &fields[f]);
}

TEST(ShapeFields, EachEnumNamesItsOwnTablesEntries) {
  ExpectEnumOrder<kin::GoalField>(kin::Shape::kGoal);
  ExpectEnumOrder<kin::SpringChainField>(kin::Shape::kSpringChain);
  ExpectEnumOrder<kin::ClipField>(kin::Shape::kClip);
  ExpectEnumOrder<kin::ClipChannelField>(kin::Shape::kClipChannel);
  ExpectEnumOrder<kin::ClipKeyField>(kin::Shape::kClipKey);
}

TEST(ShapeFields, KindNamesAreDistinct) {
  std::set<std::string> names;
  for (int k = 0; k < static_cast<int>(kin::FieldKind::kCount); ++k)
    EXPECT_TRUE(names.insert(kin::FieldKindName(static_cast<kin::FieldKind>(k))).second);
}

// What a goal must carry: its bone and target; everything else has the core's default.
TEST(ShapeFields, AGoalRequiresItsBoneAndTargetOnly) {
  for (const kin::ShapeField& f : kin::ShapeFields(kin::Shape::kGoal)) {
    const std::string key = f.key;
    EXPECT_EQ(f.optional, key != "bone" && key != "target") << key;
  }
  EXPECT_EQ(kin::FieldOf(kin::GoalField::kOrientation).kind, kin::FieldKind::kQuat);
  EXPECT_EQ(kin::FieldOf(kin::SpringChainField::kBones).kind, kin::FieldKind::kIndices);
}

}  // namespace
