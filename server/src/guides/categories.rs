//! The categories travellers filter guides by. The landing page names them Trekking,
//! Cultural Tours, Adventure and Wildlife; the guides list adventure, cultural, food,
//! historical and nature. A guide falls under a category when one of their interests is
//! one of the category's interests (compared without case).

use crate::error::AppError;

/// A category as stored beside each guide it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    Trekking,
    Cultural,
    Adventure,
    Wildlife,
    Food,
    Historical,
    Nature,
}

impl Category {
    pub const ALL: [Category; 7] = [
        Category::Trekking,
        Category::Cultural,
        Category::Adventure,
        Category::Wildlife,
        Category::Food,
        Category::Historical,
        Category::Nature,
    ];

    /// A category from either page's label; `None` for "all" or nothing. An unknown name
    /// is refused, so a typo does not silently list everyone.
    pub fn parse(text: Option<&str>) -> Result<Option<Self>, AppError> {
        let name = text.unwrap_or("").trim().to_lowercase();
        let category = match name.as_str() {
            "" | "all" => return Ok(None),
            "trekking" => Category::Trekking,
            "cultural" | "cultural tours" | "culture" => Category::Cultural,
            "adventure" => Category::Adventure,
            "wildlife" => Category::Wildlife,
            "food" => Category::Food,
            "historical" | "history" => Category::Historical,
            "nature" => Category::Nature,
            _ => {
                return Err(AppError::validation(
                    "Unknown category: choose all, trekking, cultural, adventure, wildlife, food, historical or nature",
                ));
            }
        };
        Ok(Some(category))
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Category::Trekking => "trekking",
            Category::Cultural => "cultural",
            Category::Adventure => "adventure",
            Category::Wildlife => "wildlife",
            Category::Food => "food",
            Category::Historical => "historical",
            Category::Nature => "nature",
        }
    }

    /// The interests (lower case) that put a guide under this category.
    fn interests(self) -> &'static [&'static str] {
        match self {
            Category::Trekking => &["trekking", "hiking", "mountaineering"],
            Category::Cultural => &[
                "culture",
                "cultural tours",
                "festivals",
                "local experiences",
                "spirituality",
                "museums",
            ],
            Category::Adventure => {
                &["adventure", "water sports", "mountaineering", "rafting", "paragliding"]
            }
            Category::Wildlife => &["wildlife", "bird watching", "jungle safari"],
            Category::Food => &["food", "cooking", "food tours"],
            Category::Historical => &["history", "historical", "museums", "heritage"],
            Category::Nature => &["nature", "wildlife", "bird watching", "hiking"],
        }
    }

    /// Every category a guide with these interests falls under.
    pub fn of_interests(interests: &[String]) -> Vec<Category> {
        let interests: Vec<String> = interests.iter().map(|i| i.trim().to_lowercase()).collect();
        Self::ALL
            .into_iter()
            .filter(|category| {
                category.interests().iter().any(|wanted| interests.iter().any(|i| i == wanted))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_pages_labels_name_the_same_categories() {
        assert_eq!(Category::parse(Some("Cultural Tours")).unwrap(), Some(Category::Cultural));
        assert_eq!(Category::parse(Some("cultural")).unwrap(), Some(Category::Cultural));
        assert_eq!(Category::parse(Some("Trekking")).unwrap(), Some(Category::Trekking));
        assert_eq!(Category::parse(Some("All")).unwrap(), None);
        assert_eq!(Category::parse(None).unwrap(), None);
        assert!(Category::parse(Some("knitting")).is_err());
    }

    #[test]
    fn interests_decide_the_categories() {
        let interests = ["Wildlife".to_owned(), " HIKING ".to_owned(), "Photography".to_owned()];
        assert_eq!(
            Category::of_interests(&interests),
            [Category::Trekking, Category::Wildlife, Category::Nature]
        );
        assert!(Category::of_interests(&[]).is_empty());
    }
}
